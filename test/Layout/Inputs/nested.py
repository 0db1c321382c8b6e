"""nested.py DEPTH CMD ARGS...: runs CMD with every `{tuple}` in ARGS
replaced by DEPTH nested parentheses around 4, then prints its exit status
(like exit-status.py). Always exits 0."""
import subprocess
import sys

depth = int(sys.argv[1])
nest = "(" * depth + "4" + ")" * depth
status = subprocess.call([a.replace("{tuple}", nest) for a in sys.argv[2:]])
sys.stdout.flush()
print("exit status: %d" % status)
