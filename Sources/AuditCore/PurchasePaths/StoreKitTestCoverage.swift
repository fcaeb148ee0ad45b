/// What the app's tests drive through StoreKitTest (`SKTestSession`) and UI tests: which
/// purchase path each test exercises, with the test's name, the API it calls, where, and the
/// product ids it names. Read from the test files only; the matrix joins it to the paths.
public struct StoreKitTestCoverage: Sendable, Hashable {
    /// What a test drives.
    public enum Drive: String, Sendable, Hashable, CaseIterable {
        case purchase, askToBuy, restore, renewal, refund, expiry, billingRetry, offers
    }

    public struct Test: Sendable, Hashable {
        public var drive: Drive
        /// `StoreTests.refundRemovesTheThemePack`.
        public var name: String
        /// The API that drives the path: `refundTransaction(identifier:)`, `purchase(…)`, a button tap.
        public var api: String
        public var location: SourceLocation
        /// Product ids the test names (literals, or constants whose value is one), sorted.
        public var productIDs: [String]
        /// A UI test (a button tapped), not a StoreKitTest session.
        public var isUITest: Bool
    }

    public var tests: [Test] = []
    /// Where an `SKTestSession` is created, the first place.
    public var session: SourceLocation?

    public init() {}

    public func tests(_ drive: Drive) -> [Test] { tests.filter { $0.drive == drive } }

    /// StoreKitTest members and what they drive. A property set to `true` drives the path only
    /// when it is set (`askToBuyEnabled = true`).
    static let sessionAPIs: [(name: String, drive: Drive, shown: String, flag: Bool)] = [
        ("buyProduct", .purchase, "SKTestSession.buyProduct(…)", false),
        ("askToBuyEnabled", .askToBuy, "askToBuyEnabled = true", true),
        ("approveAskToBuyTransaction", .askToBuy, "approveAskToBuyTransaction(identifier:)", false),
        ("declineAskToBuyTransaction", .askToBuy, "declineAskToBuyTransaction(identifier:)", false),
        ("refundTransaction", .refund, "refundTransaction(identifier:)", false),
        ("expireSubscription", .expiry, "expireSubscription(productIdentifier:)", false),
        ("forceRenewalOfSubscription", .renewal, "forceRenewalOfSubscription(productIdentifier:)", false),
        ("shouldEnterBillingRetryOnRenewal", .billingRetry, "shouldEnterBillingRetryOnRenewal = true", true),
        ("billingGracePeriodIsEnabled", .billingRetry, "billingGracePeriodIsEnabled = true", true),
        ("resolveIssueForTransaction", .billingRetry, "resolveIssueForTransaction(identifier:)", false),
    ]
    /// Calls of the app's own store in a test with a session: `store.purchase(product)`.
    static let appCalls: [(name: String, drive: Drive)] = [
        ("purchase", .purchase), ("restore", .restore), ("restorePurchases", .restore), ("sync", .restore),
    ]
    /// Offer members a test reads or passes while a session runs.
    static let offerNames = ["isEligibleForIntroOffer", "introductoryOffer", "promotionalOffer", "winBackOffer", "winBackOffers", "offerCodeRedemption"]
    /// Setup names that mean a test function is not a test of its own (the session is set up for every test).
    static let setUpNames: Set<String> = ["setUp", "setUpWithError", "init", "setUpClass"]

    /// `productIDs`: the configured ids; `constants`: names whose value is one of them.
    public init(testFiles: [SwiftFile], productIDs: Set<String>, constants: [String: String]) {
        for file in testFiles {
            let hasSession = file.mentions("SKTestSession")
            let isUITest = file.mentions("XCUIApplication")
            guard hasSession || isUITest else { continue }
            if hasSession, session == nil, let site = file.occurrences(of: "SKTestSession").first(where: { file.call(at: $0) != nil }) {
                session = file.location(of: site)
            }
            if hasSession {
                // `session.timeRate = .monthlyRenewalEveryThirtySeconds` in a test (not in the
                // suite's setup) lets renewals happen while it waits.
                for index in file.occurrences(of: "timeRate") where file.tokenIs(index + 1, "=") {
                    add(.renewal, "timeRate = …", at: index, in: file, productIDs: productIDs, constants: constants, uiTest: false)
                }
                for api in Self.sessionAPIs {
                    for index in file.occurrences(of: api.name) {
                        if api.flag && !isSetTrue(index, in: file) { continue }
                        add(api.drive, api.shown, at: index, in: file, productIDs: productIDs, constants: constants, uiTest: false, allowSetUp: api.flag)
                    }
                }
                for call in Self.appCalls {
                    for index in file.occurrences(of: call.name) where file.isCall(at: index) && file.tokenBefore(index).map({ file.code[$0].kind == .dot }) == true {
                        if call.name == "sync", !file.isMemberAccess(index, base: "AppStore", member: "sync") { continue }
                        add(call.drive, "\(file.text(index))(…) with an SKTestSession", at: index, in: file, productIDs: productIDs, constants: constants, uiTest: false)
                    }
                }
                for name in Self.offerNames {
                    for index in file.occurrences(of: name) {
                        add(.offers, name, at: index, in: file, productIDs: productIDs, constants: constants, uiTest: false)
                    }
                }
            }
            if isUITest {
                for index in file.occurrences(of: "tap") where file.isCall(at: index) {
                    guard let label = buttonLabel(before: index, in: file) else { continue }
                    let folded = label.lowercased()
                    let drive: Drive
                    if folded.contains("restore") {
                        drive = .restore
                    } else if ["buy", "subscribe", "purchase", "unlock", "upgrade", "start free trial", "try free", "continue"].contains(where: { folded.contains($0) }) {
                        drive = .purchase
                    } else {
                        continue
                    }
                    add(drive, "taps \"\(label)\"", at: index, in: file, productIDs: productIDs, constants: constants, uiTest: true)
                }
            }
        }
        tests.sort { ($0.location, $0.drive.rawValue) < ($1.location, $1.drive.rawValue) }
    }

    private mutating func add(_ drive: Drive, _ api: String, at index: Int, in file: SwiftFile, productIDs: Set<String>,
                              constants: [String: String], uiTest: Bool, allowSetUp: Bool = false) {
        guard let function = file.enclosingFunction(of: index) else { return }
        let declaration = file.declarations[function]
        // A session set up for every test (in setUp or init) is not a test of a path, except
        // a flag such as askToBuyEnabled, which then holds for every test of the suite.
        if Self.setUpNames.contains(declaration.name), !allowSetUp { return }
        let names = file.declarationChain(of: index).reversed().compactMap { d -> String? in
            let item = file.declarations[d]
            return item.kind == .closure || item.name.isEmpty ? nil : item.name
        }
        var ids = Set<String>()
        for k in file.bodyRange(of: function) {
            let kind = file.code[k].kind
            if kind == .stringStart {
                let text = file.stringLiteral(at: k).text
                if productIDs.contains(text) { ids.insert(text) }
            } else if kind == .identifier, let id = constants[file.text(k)] {
                ids.insert(id)
            }
        }
        tests.append(Test(drive: drive, name: names.joined(separator: "."), api: api, location: file.location(of: index),
                          productIDs: ids.sorted(), isUITest: uiTest))
    }

    /// Whether `name` at `index` is assigned `true` (`session.askToBuyEnabled = true`).
    private func isSetTrue(_ index: Int, in file: SwiftFile) -> Bool {
        guard index + 2 < file.code.count, file.tokenIs(index + 1, "=") else { return false }
        return file.tokenIs(index + 2, "true")
    }

    /// The string literal of the element a UI test taps: `app.buttons["Restore Purchases"].tap()`.
    private func buttonLabel(before index: Int, in file: SwiftFile) -> String? {
        var k = index - 1
        var steps = 0
        while k >= 0, steps < 12 {
            if file.code[k].kind == .stringStart { return file.stringLiteral(at: k).text }
            if file.code[k].kind == .semicolon || file.code[k].kind == .leftBrace || file.code[k].kind == .rightBrace { return nil }
            k -= 1
            steps += 1
        }
        return nil
    }
}

extension SwiftFile {
    /// The code token before `index`, if any.
    func tokenBefore(_ index: Int) -> Int? { index > 0 ? index - 1 : nil }
}
