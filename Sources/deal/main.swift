print("deal")
