target triple = "nvptx64-nvidia-cuda"
