import AuditCore

/// Seed: App Transaction. `AppTransaction.shared` proves who bought the app and when; it is
/// worth exactly as much as its signature, so its `.unverified` case must grant nothing.
public struct AppTransactionUnverifiedRule: Rule {
    public init() {}

    /// Fields that describe the install without proving a purchase: reading them from an
    /// unverified app transaction (to label analytics as TestFlight, say) trusts nothing.
    static let descriptiveFields: Set<String> = ["environment", "bundleID", "appVersion", "signedDate", "appID"]

    public static let description = RuleDescription(
        identifier: "app_transaction_unverified",
        title: "AppTransaction is trusted only when verified",
        severity: .warning,
        scope: .code,
        rationale: """
            Apps use `AppTransaction` to grandfather people who paid before a move to \
            subscriptions (`originalAppVersion`, `originalPurchaseDate`) or to detect tampered \
            installs. Its result is a `VerificationResult`: the payload of `.unverified` (or \
            `unsafePayloadValue`) is whatever a modified or re-signed copy of the app says, so \
            trusting it hands the paid features to anyone.
            """,
        fix: """
            Unwrap the result with `switch` (or `guard case .verified(let appTransaction) = …`), \
            read `originalAppVersion` only from `.verified`, and in `.unverified` grant nothing \
            (log it, and retry later with `AppTransaction.refresh()` if you like).
            """,
        reference: "StoreKit 2 seed: App Transaction (App Purchase Verification)",
        triggeringExamples: [
            // The unsafe payload read straight away.
            RuleExample("""
                import StoreKit

                func isEarlyAdopter() async throws -> Bool {
                    let appTransaction = try await AppTransaction.shared.↓unsafePayloadValue
                    return appTransaction.originalAppVersion.compare("2.0", options: .numeric) == .orderedAscending
                }
                """),
            // The .unverified payload used like the verified one.
            RuleExample("""
                import StoreKit

                enum Grandfathering {
                    static func paidUpfront() async -> Bool {
                        guard let result = try? await AppTransaction.shared else { return false }
                        switch result {
                        case .verified(let appTransaction):
                            return Int(appTransaction.originalAppVersion) ?? 0 < 200
                        case .unverified(let ↓appTransaction, _):
                            return Int(appTransaction.originalAppVersion) ?? 0 < 200
                        }
                    }
                }
                """),
            // Failing open: an unverified install gets the paid features.
            RuleExample("""
                import StoreKit

                @MainActor final class Licence: ObservableObject {
                    @Published var hasFullAccess = false

                    func check() async {
                        do {
                            switch try await AppTransaction.refresh() {
                            case .verified(let transaction):
                                hasFullAccess = transaction.originalPurchaseDate < .distantPast
                            case .↓unverified:
                                // Give people the benefit of the doubt.
                                hasFullAccess = true
                            }
                        } catch {
                            hasFullAccess = false
                        }
                    }
                }
                """),
            // The result kept in a variable and read unsafely later in the function.
            RuleExample("""
                import StoreKit

                struct InstallInfo {
                    func originalVersion() async -> String? {
                        guard let shared = try? await AppTransaction.shared else { return nil }
                        let payload = shared.↓unsafePayloadValue
                        return payload.originalAppVersion
                    }
                }
                """),
            // `if case .unverified(let t, _)` that uses the payload.
            RuleExample("""
                import StoreKit

                final class Migration {
                    var isLegacyCustomer = false
                    func run() async throws {
                        let result = try await AppTransaction.shared
                        if case .verified(let t) = result { isLegacyCustomer = t.originalAppVersion.hasPrefix("1.") }
                        if case .unverified(let ↓t, _) = result { isLegacyCustomer = t.originalAppVersion.hasPrefix("1.") }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            // The unverified app transaction is only logged, and nothing is granted.
            RuleExample("""
                func originalPurchase() async -> OriginalPurchase? {
                    switch try? await AppTransaction.shared {
                    case .verified(let tx):
                        return tx.originalPurchase
                    case .unverified(let tx, let error):
                        let json = String(data: tx.jsonRepresentation, encoding: .utf8)
                        logger.warning("Unable to process transaction: \\(error), json=\\(json ?? "")")
                        return nil
                    case nil:
                        return nil
                    }
                }
                """),
            // The seed's CORRECT example.
            RuleExample("""
                import StoreKit

                func verifyAppPurchase() async {
                    do {
                        let result = try await AppTransaction.shared
                        switch result {
                        case .verified(let appTransaction):
                            let originalVersion = appTransaction.originalAppVersion
                            let purchaseDate = appTransaction.originalPurchaseDate
                            _ = (originalVersion, purchaseDate)
                        case .unverified:
                            // Potentially tampered -- restrict features as appropriate
                            break
                        }
                    } catch { /* Could not retrieve app transaction */ }
                }
                """),
            // The error of .unverified is logged; the payload is not used.
            RuleExample("""
                import OSLog
                import StoreKit

                enum UpfrontPurchase {
                    static let firstFreeBuild = 200

                    static func isOriginalPaidDownload() async -> Bool {
                        do {
                            let result = try await AppTransaction.shared
                            switch result {
                            case .verified(let appTransaction):
                                guard let build = Int(appTransaction.originalAppVersion) else { return false }
                                return build < firstFreeBuild
                            case .unverified(_, let error):
                                Logger().warning("App transaction failed verification: \\(error.localizedDescription)")
                                return false
                            }
                        } catch {
                            return false
                        }
                    }
                }
                """),
            // guard case .verified, and payloadValue (which throws when unverified).
            RuleExample("""
                import StoreKit

                actor Entitlements {
                    func boughtBeforeSubscriptions() async -> Bool {
                        guard case .verified(let appTransaction) = try? await AppTransaction.shared else { return false }
                        return appTransaction.originalAppVersion.hasPrefix("1.")
                    }
                    func purchaseDate() async throws -> Date {
                        try await AppTransaction.shared.payloadValue.originalPurchaseDate
                    }
                }
                """),
            // A generic verification helper in another file.
            RuleExample(files: [
                ("Licence.swift", """
                    import StoreKit
                    @MainActor @Observable final class Licence {
                        var isLegacy = false
                        func refresh() async {
                            guard let result = try? await AppTransaction.shared,
                                  let appTransaction = try? checkVerified(result) else { return }
                            isLegacy = appTransaction.originalAppVersion.hasPrefix("1.")
                        }
                    }
                    """),
                ("Verification.swift", """
                    import StoreKit
                    func checkVerified<T>(_ result: VerificationResult<T>) throws -> T {
                        switch result {
                        case .verified(let value): return value
                        case .unverified(_, let error): throw error
                        }
                    }
                    """),
            ]),
            // An unverified *Transaction* elsewhere in the file is another rule's business.
            RuleExample("""
                import StoreKit

                final class Diagnostics {
                    func appVersion() async -> String? {
                        guard case .verified(let app) = try? await AppTransaction.shared else { return nil }
                        return app.originalAppVersion
                    }
                    func logUpdates() async {
                        for await update in Transaction.updates {
                            if case .unverified(let transaction, let error) = update {
                                print(transaction.productID, error)
                            }
                        }
                    }
                }
                """),
            // The unverified payload only described in a log message.
            RuleExample("""
                import OSLog
                import StoreKit

                func auditInstall(log: Logger) async {
                    switch try? await AppTransaction.shared {
                    case .verified(let appTransaction)?:
                        log.info("Installed \\(appTransaction.originalAppVersion)")
                    case .unverified(let appTransaction, let error)?:
                        log.error("Unverified install \\(appTransaction.bundleID): \\(error.localizedDescription)")
                    case nil:
                        break
                    }
                }
                """),
            // The environment read from either case, to label analytics.
            RuleExample("""
                import StoreKit

                actor AnalyticsContext {
                    private var cached: String?
                    func distribution() async -> String {
                        if let cached { return cached }
                        guard let result = try? await AppTransaction.shared else { return "appstore" }
                        let label: String
                        switch result {
                        case .verified(let transaction), .unverified(let transaction, _):
                            label = transaction.environment == .sandbox ? "testflight" : "appstore"
                        }
                        cached = label
                        return label
                    }
                }
                """),
            // No AppTransaction at all.
            RuleExample("""
                import StoreKit
                func buy(_ product: Product) async throws { _ = try await product.purchase() }
                """),
        ]
    )

    public func check(_ project: Project, into result: inout RuleResult) {
        var sawAppTransaction = false
        for file in project.swiftFiles {
            var checkedScopes = Set<Int>()
            for i in Self.appTransactionReads(in: file) {
                sawAppTransaction = true
                let scope = Self.scope(of: i, in: file)
                guard checkedScopes.insert(scope.lowerBound).inserted else { continue }
                let problems = Self.problems(in: scope, of: file)
                for problem in problems {
                    result.report(in: file, at: problem.index, problem.message)
                }
                if problems.isEmpty {
                    result.evidence(in: file, at: i, "AppTransaction.\(file.text(i)) is only trusted when verified in \(scopeDescription(of: i, in: file))")
                }
            }
        }
        if sawAppTransaction { return }
        if let sdk = project.transactionsHandledBySDK {
            result.notApplicable(project.sdkReason(sdk))
        } else {
            result.notApplicable("The app does not read AppTransaction.")
        }
    }

    /// `AppTransaction.shared` and `AppTransaction.refresh`, in code order.
    static func appTransactionReads(in file: SwiftFile, range: Range<Int>? = nil) -> [Int] {
        (file.memberAccesses(base: "AppTransaction", member: "shared", in: range)
            + file.memberAccesses(base: "AppTransaction", member: "refresh", in: range)).sorted()
    }

    /// The function (or closure, or file) whose code handles the result.
    static func scope(of index: Int, in file: SwiftFile) -> Range<Int> {
        if let function = file.enclosingFunction(of: index) { return file.bodyRange(of: function) }
        if let declaration = file.enclosingDeclaration(of: index) { return file.bodyRange(of: declaration) }
        return file.code.indices
    }

    struct Problem {
        var index: Int
        var message: String
    }

    static func problems(in scope: Range<Int>, of file: SwiftFile) -> [Problem] {
        // Names the result is kept in: `let result = try await AppTransaction.shared`.
        var resultNames = Set<String>()
        for i in appTransactionReads(in: file, range: scope) {
            let start = file.statementStart(of: i)
            var k = start
            if file.isIdentifier(k, "guard") || file.isIdentifier(k, "if") { k += 1 }
            if let name = file.variableName(declaredAt: k) { resultNames.insert(file.text(name)) }
        }
        func refersToAppTransaction(_ range: Range<Int>) -> Bool {
            range.contains { k in
                file.isIdentifier(k, "AppTransaction") || file.isKind(k, .identifier) && resultNames.contains(file.text(k)) && file.receiver(of: k) == nil
            }
        }
        var problems: [Problem] = []
        for i in scope where file.isCaseReference(i, "unsafePayloadValue") {
            if readsDescriptiveField(after: i, in: file) { continue }
            let start = file.statementStart(of: i)
            let receiver = file.receiver(of: i)
            let onResult = receiver.map { file.isKind($0, .identifier) && resultNames.contains(file.text($0)) } ?? false
            if onResult || refersToAppTransaction(start..<i) {
                problems.append(Problem(index: i, message: "unsafePayloadValue of AppTransaction is read: an unverified, possibly tampered app transaction is trusted."))
            }
        }
        for i in scope where file.isCaseReference(i, "unverified") {
            guard let (body, subject) = unverifiedBranch(at: i, in: file), refersToAppTransaction(subject) else { continue }
            if let payload = payloadBinding(afterCase: i, in: file), isUsed(file.text(payload), in: body, of: file) {
                problems.append(Problem(index: payload, message: "The app transaction of the .unverified case is used: a tampered or re-signed install's purchase details are trusted."))
            } else if file.grantsAccess(in: body) {
                problems.append(Problem(index: i, message: "The .unverified case of AppTransaction grants access: an install whose signature does not check out gets the paid features."))
            }
        }
        return problems
    }

    /// For `.unverified` in a `switch` case or an `if case`/`guard case`: the code that runs in
    /// that case, and the expression matched against.
    static func unverifiedBranch(at index: Int, in file: SwiftFile) -> (body: Range<Int>, subject: Range<Int>)? {
        for statement in file.switchStatements() where statement.bodyStart < index && index < statement.bodyEnd {
            for switchCase in statement.cases where switchCase.patternRange.contains(index) {
                return (switchCase.bodyRange, statement.subjectRange)
            }
        }
        let start = file.statementStart(of: index)
        guard file.isIdentifier(start, "if") || file.isIdentifier(start, "guard"),
              let block = file.conditionalBlocks(ofStatementAt: start).first else { return nil }
        // `= subject` of this pattern: up to the condition's next comma or the block.
        guard let equals = file.firstOperator("=", from: index, before: block) else { return nil }
        var end = equals + 1
        while end < block, !(file.isKind(end, .comma) && file.enclosingBracket(of: end) == file.enclosingBracket(of: start)) { end += 1 }
        let body = file.isIdentifier(start, "if") ? file.blockRange(block) : (block..<block)
        return (body, (equals + 1)..<end)
    }

    /// Whether `name` is read in `range` for more than a descriptive field (not a member of
    /// something else, not only inside a log message's interpolation).
    static func isUsed(_ name: String, in range: Range<Int>, of file: SwiftFile) -> Bool {
        range.contains { k in
            file.isKind(k, .identifier) && file.tokenIs(k, spelled: name) && file.receiver(of: k) == nil
                && !file.isInsideInterpolation(k) && !readsDescriptiveField(after: k, in: file)
                // Read only into a log line (`let json = String(data: tx.jsonRepresentation, …)`
                // then logged): nothing trusts it.
                && TransactionFlow.use(ofValueAt: k, in: file) == .grant
        }
    }

    /// `….environment`, `….bundleID`: the token at `index` is followed by a descriptive field.
    static func readsDescriptiveField(after index: Int, in file: SwiftFile) -> Bool {
        file.token(index, offsetBy: 1, is: .dot) && file.isIdentifier(index + 2, in: descriptiveFields)
    }

    /// The name bound to the payload in `.unverified(let payload, …)` or `case let .unverified(payload, …)`.
    static func payloadBinding(afterCase index: Int, in file: SwiftFile) -> Int? {
        guard file.token(index, offsetBy: 1, is: .leftParen) else { return nil }
        var k = index + 2
        if file.isIdentifier(k, "let") || file.isIdentifier(k, "var") { k += 1 }
        guard file.isKind(k, .identifier), !file.tokenIs(k, "_"), file.isKind(k + 1, .comma) || file.isKind(k + 1, .rightParen) else { return nil }
        return k
    }
}
