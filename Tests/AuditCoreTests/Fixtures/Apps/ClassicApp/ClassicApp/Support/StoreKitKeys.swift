enum StoreKitKeys {
    static let monthly = "com.example.classicapp.pro.monthly"
    static let yearly = "com.example.classicapp.pro.yearly"
    static let lifetime = "com.example.classicapp.pro.lifetime"

    static let allProductIDs = [monthly, yearly, lifetime]
}
