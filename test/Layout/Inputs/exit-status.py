#!/usr/bin/env python3
"""Runs a command and then prints its exit status, so that a test can check
the exact status (`not` only checks that it is non-zero). Always exits 0."""
import subprocess
import sys

status = subprocess.call(sys.argv[1:])
sys.stdout.flush()
print("exit status: %d" % status)
