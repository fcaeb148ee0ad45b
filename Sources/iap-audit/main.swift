print("iap-audit")
