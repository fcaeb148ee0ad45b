import Foundation

/// A themed collection of recipes sold as a one-off purchase. The catalog comes
/// from our API, including the App Store product that unlocks each book.
struct Cookbook: Identifiable, Hashable, Codable {
    let id: String
    let title: String
    let summary: String
    let coverURL: URL?
    let recipeTitles: [String]
    let productID: String
}
