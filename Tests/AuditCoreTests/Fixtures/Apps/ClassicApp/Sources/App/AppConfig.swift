import Foundation

enum AppConfig {
    static let termsURL = URL(string: "https://example.com/classicapp/terms")!
    static let privacyURL = URL(string: "https://example.com/classicapp/privacy")!
}
