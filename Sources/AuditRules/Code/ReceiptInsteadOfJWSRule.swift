import AuditCore

/// Seed checklist 15: server-side validation uses `jwsRepresentation`. The app receipt and
/// Apple's `/verifyReceipt` endpoint it is posted to are deprecated.
public struct ReceiptInsteadOfJWSRule: Rule {
    public init() {}

    /// Identifiers and calls that send data over the network.
    static let uploadWords: Set<String> = [
        "URLRequest", "httpBody", "dataTask", "uploadTask", "upload", "base64EncodedString", "AF", "Alamofire",
    ]
    /// Words in the names of app methods that send something to a server.
    static let sendingNameParts = ["upload", "send", "post", "submit"]

    public static let description = RuleDescription(
        identifier: "receipt_instead_of_jws",
        title: "The server receives signed transactions (JWS), not the app receipt",
        severity: .note,
        scope: .code,
        rationale: """
            Apple deprecated the app receipt and the `verifyReceipt` endpoint servers post it \
            to. Each StoreKit 2 transaction carries its own signed form, `jwsRepresentation`, \
            which a server verifies offline against Apple's certificates and matches with the \
            App Store Server API and Server Notifications v2.
            """,
        fix: """
            Send `transaction.jwsRepresentation` (or the `VerificationResult`'s \
            `jwsRepresentation`) to your server, verify it there (for example with Apple's App \
            Store Server Library), and use the App Store Server API for status and history \
            instead of `verifyReceipt`.
            """,
        reference: "StoreKit 2 review checklist item 15 (server-side validation uses jwsRepresentation)",
        triggeringExamples: [
            // Objective-C.
            RuleExample(files: [("ReceiptClient.m", """
                #import <Foundation/Foundation.h>
                static NSString *const kVerifyURL = @"https://buy.itunes.apple.com/verifyReceipt";
                @implementation ReceiptClient
                - (void)send:(NSData *)body {
                    NSMutableURLRequest *request = [NSMutableURLRequest requestWithURL:[NSURL URLWithString:↓kVerifyURL]];
                    request.HTTPBody = body;
                }
                @end
                """)]),
            // The classic receipt upload.
            RuleExample("""
                import Foundation

                struct ReceiptValidator {
                    let endpoint = URL(string: "https://api.example.com/validate")!

                    func validate() async throws {
                        guard let url = Bundle.main.↓appStoreReceiptURL else { return }
                        let receipt = try Data(contentsOf: url).base64EncodedString()
                        var request = URLRequest(url: endpoint)
                        request.httpMethod = "POST"
                        request.httpBody = try JSONSerialization.data(withJSONObject: ["receipt-data": receipt])
                        _ = try await URLSession.shared.data(for: request)
                    }
                }
                """),
            // A local named after the property: one read, one finding, on the property.
            RuleExample("""
                import Foundation

                final class PurchaseBackend {
                    func sendReceipt(account: UUID) async throws {
                        if let appStoreReceiptURL = Bundle.main.↓appStoreReceiptURL,
                           FileManager.default.fileExists(atPath: appStoreReceiptURL.path) {
                            let receiptData = try Data(contentsOf: appStoreReceiptURL, options: .alwaysMapped)
                            let body = ["receipt": receiptData.base64EncodedString(), "account": account.uuidString]
                            var request = URLRequest(url: URL(string: "https://api.example.com/iap/receipt")!)
                            request.httpMethod = "POST"
                            request.httpBody = try JSONSerialization.data(withJSONObject: body)
                            _ = try await URLSession.shared.data(for: request)
                        }
                    }
                }
                """),
            // The receipt read in a helper, posted by its caller in another file.
            RuleExample(files: [
                ("Receipt.swift", """
                    import Foundation
                    enum Receipt {
                        static var data: Data? {
                            guard let url = Bundle.main.↓appStoreReceiptURL else { return nil }
                            return try? Data(contentsOf: url)
                        }
                    }
                    """),
                ("SyncService.swift", """
                    import Foundation
                    final class SyncService {
                        func syncPurchases() async throws {
                            guard let receipt = Receipt.data else { return }
                            var request = URLRequest(url: URL(string: "https://api.example.com/receipts")!)
                            request.httpMethod = "POST"
                            _ = try await URLSession.shared.upload(for: request, from: receipt)
                        }
                    }
                    """),
            ]),
            // Handed to an app API client whose method name says it sends.
            RuleExample("""
                import StoreKit

                @MainActor final class Store {
                    let api: BackendClient
                    init(api: BackendClient) { self.api = api }

                    func purchase(_ product: Product) async throws {
                        guard case .success(.verified(let transaction)) = try await product.purchase() else { return }
                        if let url = Bundle.main.↓appStoreReceiptURL, let receipt = try? Data(contentsOf: url) {
                            try await api.sendReceipt(receipt, productID: transaction.productID)
                        }
                        await transaction.finish()
                    }
                }
                """),
            // A computed property encoding the receipt for the network.
            RuleExample("""
                import Foundation

                extension Bundle {
                    var encodedReceipt: String? {
                        guard let url = ↓appStoreReceiptURL, let data = try? Data(contentsOf: url) else { return nil }
                        return data.base64EncodedString(options: [])
                    }
                }
                """),
            // SwiftyStoreKit validating on the device, against Apple's endpoint.
            RuleExample("""
                final class Receipts {
                    let validator = AppleReceiptValidator(service: .production, sharedSecret: Secrets.shared)
                    func refresh() {
                        SwiftyStoreKit.↓verifyReceipt(using: validator) { result in self.apply(result) }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            // Objective-C.
            RuleExample(files: [("ReceiptClient.m", """
                #import <Foundation/Foundation.h>
                @implementation ReceiptClient
                - (void)send:(NSData *)body {
                    NSMutableURLRequest *request = [NSMutableURLRequest requestWithURL:[NSURL URLWithString:@"https://api.example.com/purchases"]];
                    request.HTTPBody = body;
                }
                @end
                """)]),
            // The signed transaction goes to the server.
            RuleExample("""
                import StoreKit

                struct PurchaseAPI {
                    func register(_ result: VerificationResult<Transaction>) async throws {
                        var request = URLRequest(url: URL(string: "https://api.example.com/transactions")!)
                        request.httpMethod = "POST"
                        request.httpBody = try JSONEncoder().encode(["signedTransaction": result.jwsRepresentation])
                        _ = try await URLSession.shared.data(for: request)
                    }
                }
                """),
            // Sandbox detection reads the receipt's file name only.
            RuleExample("""
                import Foundation

                enum Environment {
                    static var isTestFlight: Bool {
                        Bundle.main.appStoreReceiptURL?.lastPathComponent == "sandboxReceipt"
                    }
                }
                """),
            // A receipt presence check before refreshing it locally.
            RuleExample("""
                import Foundation

                func hasReceipt() -> Bool {
                    guard let url = Bundle.main.appStoreReceiptURL else { return false }
                    return FileManager.default.fileExists(atPath: url.path)
                }
                """),
            // The app transaction's JWS is sent for server-side checks.
            RuleExample("""
                import StoreKit

                actor LicenceClient {
                    func register(session: URLSession = .shared) async throws {
                        let result = try await AppTransaction.shared
                        var request = URLRequest(url: URL(string: "https://api.example.com/licence")!)
                        request.httpMethod = "POST"
                        request.httpBody = Data(result.jwsRepresentation.utf8)
                        _ = try await session.data(for: request)
                    }
                }
                """),
            // Whether a receipt exists is reported with diagnostics; its bytes stay on the device.
            RuleExample("""
                import Foundation

                struct Diagnostics {
                    let endpoint: URL
                    func send() async throws {
                        let hasReceipt = Bundle.main.appStoreReceiptURL.map { FileManager.default.fileExists(atPath: $0.path) } ?? false
                        var request = URLRequest(url: endpoint)
                        request.httpMethod = "POST"
                        request.httpBody = try JSONEncoder().encode(["hasReceipt": hasReceipt])
                        _ = try await URLSession.shared.data(for: request)
                    }
                }
                """),
            // Receipts only in a comment and in a log string.
            RuleExample("""
                import StoreKit
                // Before 3.0 we posted Bundle.main.appStoreReceiptURL to /verifyReceipt.
                func logMigration() { print("appStoreReceiptURL upload removed") }
                """),
            // The receipt parsed on the device by a library, never uploaded.
            RuleExample("""
                import Foundation
                import TPInAppReceipt

                func localReceiptIsValid() -> Bool {
                    guard let url = Bundle.main.appStoreReceiptURL, let data = try? Data(contentsOf: url),
                          let receipt = try? InAppReceipt.receipt(from: data) else { return false }
                    return (try? receipt.verify()) != nil
                }
                """),
        ]
    )

    public func check(_ project: Project, into result: inout RuleResult) {
        var found = false
        for file in project.swiftFiles {
            // One finding per function: a local named after the property
            // (`if let appStoreReceiptURL = Bundle.main.appStoreReceiptURL`) is the same read,
            // however often it is mentioned. The property access itself is the anchor.
            var byFunction: [Int: Int] = [:]
            var order: [Int] = []
            for i in file.occurrences(of: "appStoreReceiptURL") where file.receiver(of: i) != nil || !file.isAfterDot(i) {
                let key = file.enclosingFunction(of: i) ?? -1
                if let first = byFunction[key] {
                    if file.receiver(of: first) == nil, file.receiver(of: i) != nil { byFunction[key] = i }
                } else {
                    byFunction[key] = i
                    order.append(key)
                }
            }
            for key in order {
                let i = byFunction[key]!
                guard let upload = Self.uploadSite(ofReceiptAt: i, in: file, project: project) else { continue }
                found = true
                result.report(
                    in: file, at: i,
                    "The App Store receipt (appStoreReceiptURL) is sent to a server (\(upload)): send the transaction's jwsRepresentation instead; the receipt and verifyReceipt are deprecated."
                )
            }
        }
        // SwiftyStoreKit's `verifyReceipt(using: AppleReceiptValidator(…))`: the device itself
        // posts the receipt to Apple's verifyReceipt, with the shared secret it must hold.
        for file in project.swiftFiles(mentioning: "AppleReceiptValidator") {
            for call in file.calls(named: "verifyReceipt") {
                guard let using = call.arguments.first(where: { $0.label == "using" }) else { continue }
                let direct = file.contains(identifier: "AppleReceiptValidator", in: using.valueRange)
                let named = file.lastIdentifier(in: using.valueRange).map { name in
                    file.occurrences(of: file.text(name)).contains { k in
                        // `validator = AppleReceiptValidator(…)` / `let validator = AppleReceiptValidator(…)`
                        guard let op = file.nextCodeIndex(after: k), file.isOperator(op, "="), let value = file.nextCodeIndex(after: op) else { return false }
                        return file.isIdentifier(value, "AppleReceiptValidator")
                    }
                } ?? false
                guard direct || named else { continue }
                found = true
                result.report(
                    in: file, at: call.name,
                    "The device posts the App Store receipt to Apple's verifyReceipt itself (SwiftyStoreKit's AppleReceiptValidator): the app must hold the shared secret, and the response can be forged on the device. Verify signed transactions (jwsRepresentation) on your server instead.",
                    severity: .warning
                )
            }
        }
        if ObjectiveCChecks.receiptPosted(project, into: &result) { found = true }
        var sawJWS = false
        for file in project.swiftFiles {
            for i in file.occurrences(of: "jwsRepresentation") where file.isCaseReference(i, "jwsRepresentation") {
                sawJWS = true
                result.evidence(in: file, at: i, "jwsRepresentation is used in \(scopeDescription(of: i, in: file))")
            }
        }
        if !found, !sawJWS {
            result.notApplicable("The app sends no receipt and no signed transaction to a server.")
        }
    }

    /// Where the receipt read at `index` leaves the device: the function reading it sends it,
    /// or a caller of that function does. A readable description of the place, or nil.
    static func uploadSite(ofReceiptAt index: Int, in file: SwiftFile, project: Project) -> String? {
        guard let function = file.enclosingFunction(of: index) else {
            return readsContents(in: file.code.indices, of: file) && sends(in: file.code.indices, of: file) ? "at top level" : nil
        }
        // Only the receipt's bytes can be uploaded: `Data(contentsOf: url)` and friends.
        guard readsContents(in: file.fullRange(of: function), of: file) else { return nil }
        if sends(in: file.bodyRange(of: function), of: file) {
            return "in \(scopeDescription(of: index, in: file))"
        }
        let name = file.declarations[function].name
        guard !name.isEmpty, name != "init", name != "body" else { return nil }
        let typeName = file.enclosingType(of: index).map { file.declarations[$0].name }
        // A name like `data` is everywhere: follow it only when qualified by its own type,
        // unqualified, or when the name itself says it is the receipt.
        let distinctive = name.lowercased().contains("receipt")
        for other in project.swiftFiles(mentioning: name) {
            for k in other.occurrences(of: name) {
                if other.path == file.path, k == nameIndex(of: function, in: file) { continue }
                if !distinctive, let receiver = other.receiver(of: k),
                   !(other.isKind(receiver, .identifier) && ((typeName.map { other.tokenIs(receiver, spelled: $0) } ?? false) || other.tokenIs(receiver, "self"))) {
                    continue
                }
                guard let caller = other.enclosingFunction(of: k), caller != function || other.path != file.path else { continue }
                if sends(in: other.bodyRange(of: caller), of: other) {
                    return "by \(scopeDescription(of: k, in: other))"
                }
            }
        }
        return nil
    }

    /// Whether `range` reads a file's bytes (`Data(contentsOf:)`, `String(contentsOf:)`,
    /// `FileHandle(forReadingFrom:)`) or already encodes them.
    static func readsContents(in range: Range<Int>, of file: SwiftFile) -> Bool {
        range.contains { k in
            guard file.isLabel(k) else {
                return file.isIdentifier(k, "base64EncodedString")
            }
            return file.isIdentifier(k, "contentsOf") || file.isIdentifier(k, "forReadingFrom")
        }
    }

    /// Whether `range` sends data over the network.
    static func sends(in range: Range<Int>, of file: SwiftFile) -> Bool {
        for k in range {
            if file.isKind(k, .identifier) {
                let word = file.text(k)
                if uploadWords.contains(word) { return true }
                if let call = file.call(at: k), file.receiver(of: k) != nil {
                    let lowered = word.lowercased()
                    // `NotificationCenter.default.post(name:…)` stays on the device.
                    let isNotification = call.arguments.first?.label == "name"
                    if sendingNameParts.contains(where: { lowered.hasPrefix($0) }), !isNotification { return true }
                }
            } else if file.isKind(k, .stringSegment) {
                let text = file.text(k)
                if text.contains("receipt-data") || text.contains("verifyReceipt") { return true }
            }
        }
        return false
    }
}
