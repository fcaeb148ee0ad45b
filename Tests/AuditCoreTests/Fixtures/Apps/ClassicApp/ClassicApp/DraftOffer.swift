import StoreKit

// Draft of a win-back screen. The file exists on disk but was never added to the project.
struct DraftOffer {
    static let productID = "com.example.classicapp.pro.winback"
    static let headline = "Come back for $0.99 a month"
}
