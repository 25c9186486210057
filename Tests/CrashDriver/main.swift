print("crash driver")
