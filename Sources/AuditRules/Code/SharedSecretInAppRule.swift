import AuditCore

/// The App-Specific Shared Secret validates receipts with Apple's `verifyReceipt`: a server's
/// credential. Written in the app, it ships in the binary, where anyone can read it.
public struct SharedSecretInAppRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "shared_secret_in_app",
        title: "The App-Specific Shared Secret stays on the server",
        severity: .error,
        scope: .code,
        rationale: """
            The App-Specific Shared Secret lets whoever holds it validate this app's receipts \
            with Apple and read its customers' purchase history. Written in the app (a \
            `sharedSecret:` argument, a `"password"` posted to `verifyReceipt`), it ships in \
            the binary, where anyone can read it; and validating receipts on the device can be \
            bypassed by whoever controls the device.
            """,
        fix: """
            Remove the secret from the app and regenerate it in App Store Connect. Validate on \
            your server: send it the transaction's `jwsRepresentation` (StoreKit 2) and verify \
            it there with the App Store Server Library, or keep `verifyReceipt` calls on the \
            server with the secret in its configuration.
            """,
        reference: "App Store receipt validation: the shared secret belongs on a server; RULES.md (December additions)",
        triggeringExamples: [
            // A property list in the bundle, and a build setting.
            RuleExample(files: [("Store/StoreConfig.plist", """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>SharedSecret</key>
                    <string>↓749a1ca3750a421fa92cf8e139a6f539</string>
                </dict>
                </plist>
                """)]),
            RuleExample(files: [("Config/Release.xcconfig", """
                IAP_SHARED_SECRET = ↓749a1ca3750a421fa92cf8e139a6f539
                """)]),
            // Objective-C.
            RuleExample(files: [("ReceiptClient.m", """
                #import <Foundation/Foundation.h>
                @implementation ReceiptClient
                - (NSDictionary *)bodyWithReceipt:(NSString *)receipt {
                    return @{@"receipt-data": receipt, @"password": ↓@"4f1e2d3c4b5a69788796a5b4c3d2e1f0"};
                }
                @end
                """)]),
            // A receipt validator given the secret in the app (SwiftyStoreKit's shape).
            RuleExample("""
                let validator = AppleReceiptValidator(service: .production, sharedSecret: ↓"4f8a1c2e9b7d6035a1e2f3c4d5b6a798")
                """),
            // The receipt posted to verifyReceipt with the secret as its password.
            RuleExample("""
                func validate(_ receipt: Data) async throws {
                    let body: [String: Any] = [
                        "receipt-data": receipt.base64EncodedString(),
                        "password": ↓"0123456789abcdef0123456789abcdef",
                    ]
                    var request = URLRequest(url: URL(string: "https://buy.itunes.apple.com/verifyReceipt")!)
                    request.httpBody = try JSONSerialization.data(withJSONObject: body)
                    _ = try await URLSession.shared.data(for: request)
                }
                """),
            // A placeholder where the demo asks for the secret: it would ship in the app.
            RuleExample("""
                let validator = AppleReceiptValidator(service: .production, sharedSecret: ↓"your-shared-secret")
                """),
            // A constant named for it.
            RuleExample("""
                enum Secrets {
                    static let appStoreSharedSecret = ↓"a1b2c3d4e5f60718293a4b5c6d7e8f90"
                }
                """),
            // A generated constant is still in the app.
            RuleExample("""
                final class PurchaseHandler {
                    private let validator = AppleReceiptValidator(service: .production, sharedSecret: ↓Secrets.itunesSharedSecret)
                }
                """),
        ],
        nonTriggeringExamples: [
            // Secrets kept elsewhere: a placeholder, a key that is not the shared secret.
            RuleExample(files: [("Store/StoreConfig.plist", """
                <plist version="1.0">
                <dict>
                    <key>SharedSecret</key>
                    <string>set on the server</string>
                    <key>AnalyticsWriteKey</key>
                    <string>749a1ca3750a421fa92cf8e139a6f539</string>
                </dict>
                </plist>
                """)]),
            // Objective-C.
            RuleExample(files: [("ReceiptClient.m", """
                #import <Foundation/Foundation.h>
                @implementation ReceiptClient
                - (NSDictionary *)bodyWithReceipt:(NSString *)receipt {
                    return @{@"receipt-data": receipt, @"request-id": @"4f1e2d3c4b5a69788796a5b4c3d2e1f0"};
                }
                @end
                """)]),
            // The secret read from the server's environment, in a server target.
            RuleExample("""
                let validator = AppleReceiptValidator(service: .production, sharedSecret: ProcessInfo.processInfo.environment["SHARED_SECRET"] ?? "")
                """),
            // A password field of a sign-in form is not the secret, nor is a hash.
            RuleExample("""
                let login: [String: String] = ["user": name, "password": passwordField.text ?? ""]
                let hash = "0123456789abcdef0123456789abcdef"
                """),
            // A 32-digit value that is not the secret: an analytics key, a checksum.
            RuleExample("""
                enum Keys {
                    static let analyticsKey = "0123456789abcdef0123456789abcdef"
                    static let checksum = "ffeeddccbbaa99887766554433221100"
                }
                """),
            // StoreKit 2 sends the signed transaction to the app's own server instead.
            RuleExample("""
                func send(_ transaction: Transaction, signed: String) async throws {
                    var request = URLRequest(url: URL(string: "https://api.example.com/purchases")!)
                    request.httpBody = Data(signed.utf8)
                    _ = try await URLSession.shared.data(for: request)
                }
                """),
            // The secret's name in a comment, and a password that is a sign-in form's.
            RuleExample("""
                // sharedSecret = "a1b2c3d4e5f60718293a4b5c6d7e8f90" lives on the server.
                func signIn(password: String) -> [String: String] { ["password": password] }
                """),
        ]
    )

    /// Argument labels and dictionary keys under which a receipt's shared secret is passed.
    static let secretLabels: Set<String> = ["sharedSecret", "sharedsecret", "appSpecificSharedSecret"]

    public func check(_ project: Project, into result: inout RuleResult) {
        var looked = 0
        for file in project.swiftFiles {
            let postsToVerifyReceipt = !file.literalTexts.literals(containing: "verifyReceipt").isEmpty
            let mentionsSecret = postsToVerifyReceipt || file.mentions("sharedSecret")
            looked += 1
            // A `sharedSecret:` argument written in the app, whatever it holds: even a
            // placeholder is where the secret is meant to go, into the binary.
            if file.mentions("sharedSecret") {
                for i in file.stringStarts.lazy.map({ Int($0) }) {
                    guard let (_, argument) = file.enclosingCallArguments(ofArgument: i), let label = argument.label, Self.secretLabels.contains(label),
                          argument.valueRange.first == i, file.literalLength(at: i).map({ $0 > 0 }) == true else { continue }
                    let text = file.stringLiteral(at: i).text
                    let what = SharedSecretText.looksLikeSecret(text) ? "the \(label): argument" : "the \(label): argument, a placeholder to replace with the secret"
                    result.report(in: file, at: i, "The App-Specific Shared Secret is written in the app (\(what)): it ships in the binary, where anyone can read it.")
                }
                // `sharedSecret: itunesSharedSecret`: a value the app holds (a generated constant,
                // a build setting), passed to a receipt validator that runs on the device. A
                // server reading its environment (`ProcessInfo.processInfo.environment[…]`) is fine.
                for call in file.calls(named: "AppleReceiptValidator") {
                    guard let argument = call.arguments.first(where: { $0.label.map(Self.secretLabels.contains) == true }),
                          let first = argument.valueRange.first, !file.isKind(first, .stringStart),
                          !file.contains(identifier: "ProcessInfo", in: argument.valueRange), !file.contains(identifier: "environment", in: argument.valueRange)
                    else { continue }
                    result.report(
                        in: file, at: first,
                        "The App-Specific Shared Secret is passed to AppleReceiptValidator in the app (\(file.text(first))…): the app holds it, so it ships in the binary where anyone can read it. Validate receipts on your server."
                    )
                }
            }
            // Only literals of 32 characters can be a secret: the rest are never decoded.
            for i in file.stringStarts.lazy.map({ Int($0) }) where file.literalLength(at: i) == 32 {
                let literal = file.stringLiteral(at: i)
                guard !literal.hasInterpolation, SharedSecretText.looksLikeSecret(literal.text) else { continue }
                if let reason = Self.secretUse(ofLiteralAt: i, in: file, mentionsSecret: mentionsSecret, postsToVerifyReceipt: postsToVerifyReceipt) {
                    result.report(in: file, at: i, "The App-Specific Shared Secret is written in the app (\(reason)): it ships in the binary, where anyone can read it.")
                }
            }
        }
        _ = ObjectiveCChecks.sharedSecret(project, into: &result)
        _ = ObjectiveCChecks.sharedSecretInSettings(project, into: &result)
        if result.findings.isEmpty, !project.swiftFiles.isEmpty || !project.objectiveCFiles.isEmpty {
            let objectiveC = project.objectiveCFiles.isEmpty ? "" : ", \(project.objectiveCFiles.count) Objective-C"
            let settings = project.settingsFiles.isEmpty ? "" : "; \(project.settingsFiles.count) property list, settings or JSON file\(project.settingsFiles.count == 1 ? "" : "s") that mention a secret"
            result.evidence(at: nil, "No shared secret is written in the app's code (sharedSecret: arguments, verifyReceipt passwords, constants named for it; \(looked) Swift\(objectiveC) files read\(settings))")
        }
    }

    /// The `stringStart` of the literal whose `stringEnd` is at `end` (a key has no interpolation).
    static func stringStart(ending end: Int, in file: SwiftFile) -> Int? {
        var k = end
        while let previous = file.previousCodeIndex(before: k), end - previous <= 4 {
            if file.isKind(previous, .stringStart) { return previous }
            k = previous
        }
        return nil
    }

    /// How the literal at `index` is used as the shared secret, or nil: a `sharedSecret:`
    /// argument, the `"password"` of a dictionary in a file that talks to `verifyReceipt`, or
    /// the value of a constant named for the secret.
    static func secretUse(ofLiteralAt index: Int, in file: SwiftFile, mentionsSecret: Bool, postsToVerifyReceipt: Bool) -> String? {
        // `sharedSecret: "…"` is reported on its own, whatever it holds.
        if let (_, argument) = file.enclosingCallArguments(ofArgument: index), let label = argument.label, secretLabels.contains(label) {
            return nil
        }
        guard let before = file.previousCodeIndex(before: index) else { return nil }
        // `"password": "…"` in a request body, where the file posts to verifyReceipt.
        if file.isKind(before, .colon), let key = file.previousCodeIndex(before: before), file.isKind(key, .stringEnd),
           let keyStart = stringStart(ending: key, in: file),
           file.stringLiteral(at: keyStart).text == "password", postsToVerifyReceipt {
            return "the password posted to verifyReceipt"
        }
        // `let sharedSecret = "…"`, `static let appStoreSharedSecret = "…"`
        if file.isOperator(before, "="), let name = file.previousCodeIndex(before: before), file.isKind(name, .identifier),
           file.text(name).lowercased().contains("sharedsecret") || mentionsSecret && file.text(name).lowercased().contains("secret") {
            return "the constant \(file.text(name))"
        }
        return nil
    }
}
