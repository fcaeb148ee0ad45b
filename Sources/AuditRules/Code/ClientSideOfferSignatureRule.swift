import AuditCore

/// Monetisation seed: promotional offers "require a server-generated signature … Never hard-code
/// or generate signatures client-side". The key that signs them, like the receipt shared
/// secret, must never ship inside the app.
public struct ClientSideOfferSignatureRule: Rule {
    public init() {}

    /// Argument labels that name a file extension: `url(forResource:withExtension:)`, `path(forResource:ofType:)`.
    static let extensionLabels: Set<String> = ["withExtension", "ofType", "extension"]

    public static let description = RuleDescription(
        identifier: "client_side_offer_signature",
        title: "Offer signatures and App Store secrets stay on the server",
        severity: .error,
        scope: .code,
        rationale: """
            A promotional offer's signature proves that *your server* granted the discount. \
            Signing on the device means the App Store Connect subscription key (`.p8`) ships \
            in the app, where anyone can extract it and sign any offer for any product; Apple \
            asks you to revoke such keys. The same goes for the receipt-validation shared \
            secret. Reviewers and attackers both find keys in app bundles.
            """,
        fix: """
            Remove the key, the `.p8` file and the secret from the app and revoke them in App \
            Store Connect. Generate promotional-offer signatures on your server (for example \
            with the App Store Server Library) and fetch `keyID`, `nonce`, `timestamp` and \
            `signature` (or a compact JWS) before calling `purchase(options: [.promotionalOffer(…)])`.
            """,
        reference: "Monetisation seed: promotional offers need a server-generated signature; never sign on the client",
        triggeringExamples: [
            // Signing with the subscription key right where the offer is bought.
            RuleExample("""
                import CryptoKit
                import StoreKit

                @MainActor final class OfferPurchaser {
                    let key: P256.Signing.PrivateKey
                    init(pem: String) throws { key = try P256.Signing.PrivateKey(pemRepresentation: pem) }

                    func buy(_ product: Product, offerID: String) async throws {
                        let nonce = UUID()
                        let timestamp = Int(Date().timeIntervalSince1970 * 1000)
                        let payload = [Bundle.main.bundleIdentifier ?? "", "KEY123", product.id, offerID, "", nonce.uuidString.lowercased(), String(timestamp)]
                            .joined(separator: "\\u{2063}")
                        let signature = try key.↓signature(for: Data(payload.utf8))
                        _ = try await product.purchase(options: [
                            .promotionalOffer(offerID: offerID, keyID: "KEY123", nonce: nonce,
                                              signature: signature.derRepresentation, timestamp: timestamp)
                        ])
                    }
                }
                """),
            // The signer in its own file, used by the store.
            RuleExample(files: [
                ("OfferSigner.swift", """
                    import CryptoKit
                    import Foundation
                    struct OfferSigner {
                        let key: P256.Signing.PrivateKey
                        func sign(_ message: String) throws -> Data {
                            try key.↓signature(for: Data(message.utf8)).derRepresentation
                        }
                    }
                    """),
                ("Store.swift", """
                    import StoreKit
                    actor Store {
                        let signer: OfferSigner
                        init(signer: OfferSigner) { self.signer = signer }
                        func redeem(_ product: Product, offerID: String) async throws {
                            let nonce = UUID()
                            let timestamp = Int(Date.now.timeIntervalSince1970 * 1000)
                            let signature = try signer.sign("\\(product.id)|\\(offerID)|\\(nonce)|\\(timestamp)")
                            let option = Product.PurchaseOption.promotionalOffer(offerID: offerID, keyID: "KEY123", nonce: nonce, signature: signature, timestamp: timestamp)
                            _ = try await product.purchase(options: [option])
                        }
                    }
                    """),
            ]),
            // The private key pasted into the source.
            RuleExample("""
                import Foundation

                enum OfferKeys {
                    static let keyID = "2X9R4HXF34"
                    static let privateKey = ↓"-----BEGIN PRIVATE KEY-----\\nMIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQgExampleExampleExampleExampleExample\\n-----END PRIVATE KEY-----"
                }
                """),
            // A .p8 key bundled with the app.
            RuleExample("""
                import Foundation

                func loadSubscriptionKey() throws -> String {
                    guard let url = Bundle.main.url(forResource: "SubscriptionKey_ABC123", withExtension: ↓"p8") else { return "" }
                    return try String(contentsOf: url, encoding: .utf8)
                }
                let fallbackKeyPath = Bundle.main.path(forResource: ↓"AuthKey_2X9R4HXF34.p8", ofType: nil)
                """),
            // The receipt shared secret sent from the app.
            RuleExample("""
                import Foundation

                enum Secrets {
                    static let appStoreSharedSecret = ↓"3f7a9c1e5b2d4f6a8c0e1b3d5f7a9c2e"
                }

                func verifyReceiptBody(_ receipt: String) throws -> Data {
                    try JSONSerialization.data(withJSONObject: [
                        "receipt-data": receipt,
                        "password": Secrets.appStoreSharedSecret,
                    ])
                }
                func legacyBody(_ receipt: String) -> [String: String] {
                    ["receipt-data": receipt, "password": ↓"0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e"]
                }
                """),
        ],
        nonTriggeringExamples: [
            // The monetisation seed: the signature comes from the server.
            RuleExample("""
                import StoreKit

                func buyWinBack(_ product: Product, storeService: StoreService) async throws {
                    let offerID = "annual_winback_50"
                    let signature = try await fetchPromoSignature(productID: product.id, offerID: offerID)

                    let purchaseOption = Product.PurchaseOption.promotionalOffer(
                        offerID: offerID,
                        keyID: signature.keyID,
                        nonce: signature.nonce,
                        signature: signature.data,
                        timestamp: signature.timestamp
                    )
                    let transaction = try await storeService.purchase(product, options: [purchaseOption])
                    _ = transaction
                }
                """),
            // A compact JWS signed by the server (iOS 18).
            RuleExample("""
                import StoreKit

                struct OfferClient {
                    func purchase(_ product: Product, offer: Product.SubscriptionOffer, api: OfferAPI) async throws {
                        let jws = try await api.signedOffer(productID: product.id, offerID: offer.id ?? "")
                        _ = try await product.purchase(options: [.promotionalOffer(offer.id ?? "", compactJWS: jws)])
                    }
                }
                """),
            // P256 for something else (request signing with a device key), offers bought elsewhere with a server signature.
            RuleExample(files: [
                ("DeviceKey.swift", """
                    import CryptoKit
                    import Foundation
                    struct DeviceKey {
                        let key = P256.Signing.PrivateKey()
                        func sign(_ body: Data) throws -> Data { try key.signature(for: body).derRepresentation }
                    }
                    """),
                ("Offers.swift", """
                    import StoreKit
                    struct Offers {
                        func buy(_ product: Product, signed: SignedOffer) async throws {
                            _ = try await product.purchase(options: [.promotionalOffer(offerID: signed.offerID, keyID: signed.keyID,
                                nonce: signed.nonce, signature: signed.signature, timestamp: signed.timestamp)])
                        }
                    }
                    """),
            ]),
            // A public key for certificate pinning is no secret.
            RuleExample("""
                import Foundation
                enum Pinning {
                    static let serverKey = "-----BEGIN PUBLIC KEY-----\\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEexample\\n-----END PUBLIC KEY-----"
                }
                """),
            // Other bundled resources and a login password.
            RuleExample("""
                import Foundation
                let introVideo = Bundle.main.url(forResource: "intro", withExtension: "mp4")
                func loginBody(user: String, password: String) -> [String: String] {
                    ["username": user, "password": password]
                }
                """),
            // Keys and secrets only mentioned in comments and messages.
            RuleExample("""
                import StoreKit
                // Never ship -----BEGIN PRIVATE KEY----- or SubscriptionKey_XXXX.p8 in the bundle.
                let warning = "Do not put the .p8 key in the app"
                """),
            // No promotional offers at all.
            RuleExample("""
                import StoreKit
                func buy(_ product: Product) async throws { _ = try await product.purchase() }
                """),
        ]
    )

    /// One of the slower rules on a large app (`iap-audit-bench rules`): started early.
    public static var schedulingWeight: Int { 5 }

    public func check(_ project: Project, into result: inout RuleResult) {
        var offerSites: [CodeSite] = []
        for file in project.swiftFiles {
            for i in file.occurrences(of: "promotionalOffer") where file.isCaseReference(i, "promotionalOffer") && file.isCall(at: i) {
                offerSites.append(CodeSite(file: file, index: i))
            }
        }
        var reported = false
        // On-device signing in a file that buys promotional offers, or in a type such a file uses.
        let offerFiles = Set(offerSites.map(\.file.path))
        for file in project.swiftFiles {
            let signing = Self.signingSites(in: file)
            guard let first = signing.first else { continue }
            let declaredTypes = Set(file.declarations.filter { $0.kind.isType && $0.kind != .extension }.map(\.name))
            let usedByOfferCode = offerFiles.contains(file.path) || offerSites.contains { site in
                declaredTypes.contains { !site.file.occurrences(of: $0).isEmpty }
            }
            guard usedByOfferCode else { continue }
            reported = true
            result.report(
                in: file, at: first,
                "A promotional-offer signature is made on the device with \(file.text(first)): the App Store Connect key must then ship in the app, where anyone can extract it and sign any offer."
            )
        }
        for file in project.swiftFiles {
            for site in Self.secretSites(in: file, project: project) {
                reported = true
                result.report(in: file, at: site.index, site.message)
            }
        }
        if reported { return }
        for site in offerSites {
            result.evidence(in: site.file, at: site.index, "The promotional offer in \(scopeDescription(of: site.index, in: site.file)) is bought with a signature the app does not make")
        }
        if offerSites.isEmpty {
            result.notApplicable("The app builds no promotional offers, and no private key, .p8 file name or shared secret was found in its code.")
        }
    }

    private static let signingNames = IdentifierNames(["signature", "SecKeyCreateSignature"])

    /// `key.signature(for:)` on a P256 key, `SecKeyCreateSignature`, or, without either, the
    /// `P256.Signing.PrivateKey` the file holds.
    static func signingSites(in file: SwiftFile) -> [Int] {
        let usesP256Signing = file.occurrences(of: "Signing").contains { file.isMemberAccess($0, base: "P256", member: "Signing") }
        var sites: [Int] = []
        for i in file.occurrences(ofAny: Self.signingNames) {
            if usesP256Signing, file.isIdentifier(i, "signature"), file.receiver(of: i) != nil,
               let call = file.call(at: i), call.arguments.first?.label == "for" {
                sites.append(i)
            } else if file.isIdentifier(i, "SecKeyCreateSignature"), file.isCall(at: i) {
                sites.append(i)
            }
        }
        if sites.isEmpty, usesP256Signing,
           let key = file.occurrences(of: "PrivateKey").first(where: { file.isMemberAccess($0, base: "Signing", member: "PrivateKey") }) {
            sites.append(key)
        }
        return sites
    }

    struct SecretSite {
        var index: Int
        var message: String
    }

    /// Private keys, `.p8` file names and receipt shared secrets written into the code.
    static func secretSites(in file: SwiftFile, project: Project) -> [SecretSite] {
        var sites: [SecretSite] = []
        for i in file.stringStarts.lazy.map({ Int($0) }) where mayBeSecret(i, in: file) {
            let literal = file.stringLiteral(at: i)
            guard !literal.hasInterpolation else { continue }
            let text = literal.text.trimmingLeadingSpaceAndEscapes
            // A PEM private key, or the base64 of a PKCS#8 P-256 key without its header.
            if text.hasPrefix("-----BEGIN") && text.contains("PRIVATE KEY-----") || text.hasPrefix("MIGTAgEAMBMGByqGSM49") {
                sites.append(SecretSite(index: literal.start, message: "A private key is written into the app's code: anyone can extract it from the binary."))
                continue
            }
            if isP8FileName(literal, in: file) {
                sites.append(SecretSite(index: literal.start, message: "The app loads a .p8 App Store Connect key from its bundle: anyone can extract it and sign offers or call App Store APIs as you."))
                continue
            }
            if isSharedSecret(literal, in: file) {
                sites.append(SecretSite(index: literal.start, message: "An App Store shared secret for receipt validation is written into the app: it belongs on your server."))
            }
        }
        return sites
    }

    /// False for a literal that cannot be a key, a `.p8` name or a shared secret: without an
    /// interpolation, its text (the bytes of its segments) is 32 bytes long or holds `p8`, a
    /// PEM header or a PKCS#8 prefix. Most literals are ruled out without making a String.
    static func mayBeSecret(_ start: Int, in file: SwiftFile) -> Bool {
        guard let length = file.literalLength(at: start) else { return false }
        if length == 32 { return true }
        return file.stringLiteral(at: start, containsAnyOf: secretMarkers)
    }

    /// A `.p8` name, a PEM header, the base64 start of a PKCS#8 P-256 key (case as written).
    static let secretMarkers = ASCIINeedles(["p8", "-----BEGIN", "MIGTAgEAMBMGByqGSM49"], foldingCase: false)

    /// `"p8"` as a file extension argument, or a file name ending in `.p8`.
    static func isP8FileName(_ literal: StringLiteral, in file: SwiftFile) -> Bool {
        let text = literal.text
        if text == "p8" || text == ".p8" {
            return file.enclosingCallArguments(ofArgument: literal.start).map { extensionLabels.contains($0.argument.label ?? "") } ?? false
        }
        return text.count > 3 && text.hasSuffix(".p8") && !text.contains(where: { $0 == " " || $0 == "\\" })
    }

    /// A 32-character hexadecimal literal passed as `"password"` next to `"receipt-data"`, or
    /// kept in a constant whose name says shared secret and used as that password.
    static func isSharedSecret(_ literal: StringLiteral, in file: SwiftFile) -> Bool {
        let text = literal.text
        guard text.count == 32, text.allSatisfy({ $0.isHexDigit }) else { return false }
        // `"password": "…"` in a dictionary literal.
        let before = literal.start - 1
        if file.isKind(before, .colon), file.isKind(before - 1, .stringEnd), let keyStart = file.matchingBracket(of: before - 1) {
            let key = file.stringLiteral(at: keyStart)
            if key.text == "password" { return true }
        }
        // `let appStoreSharedSecret = "…"`
        if file.isOperator(before, "="), file.isKind(before - 1, .identifier) {
            let name = file.text(before - 1).lowercased()
            return name.contains("sharedsecret") || name.contains("shared_secret") || name.contains("appsecret") && name.contains("store")
        }
        return false
    }
}

extension String {
    /// The text without leading whitespace or written `\n`, `\r`, `\t` escapes.
    fileprivate var trimmingLeadingSpaceAndEscapes: String {
        var rest = Substring(self)
        while true {
            if let first = rest.first, first.isWhitespace {
                rest = rest.dropFirst()
            } else if rest.hasPrefix("\\n") || rest.hasPrefix("\\r") || rest.hasPrefix("\\t") {
                rest = rest.dropFirst(2)
            } else {
                return String(rest)
            }
        }
    }
}
