print("sdkgen")
