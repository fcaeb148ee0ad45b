import AuditCore
import AuditRules
import Foundation
import Testing

/// The purchase-path matrix on the example apps, on a repository without tests or server code,
/// with declared capabilities, and with a server that handles notifications.
@Suite struct PurchasePathMatrixTests {
    static func matrix(_ app: String, capabilities: Capabilities = Capabilities()) -> PurchasePathMatrix {
        ExampleAppsTests.audit(app).withPurchasePaths(capabilities: capabilities).purchasePaths!
    }

    static func matrix(files: [(String, String)], capabilities: Capabilities = Capabilities()) -> PurchasePathMatrix {
        let result = Auditor.audit(files: files.compactMap { InputFile.text($0.0, $0.1) }, rules: BuiltInRules.all, options: AuditOptions(jobs: 1))
        return result.withPurchasePaths(capabilities: capabilities).purchasePaths!
    }

    /// Every cell is backed by a file:line or says why not.
    static func expectBacked(_ matrix: PurchasePathMatrix) {
        for row in matrix.rows {
            for (name, cell) in [("configured", row.configured), ("handled", row.handled), ("tested", row.tested), ("server", row.server)] {
                #expect(cell.location != nil || !cell.text.isEmpty, "\(row.id) \(name) has neither a place nor a reason")
                if cell.state == .present, cell.location == nil, name != "server" {
                    // Evidence without a place (a count) still names what it saw.
                    #expect(cell.text.count > 10, "\(row.id) \(name): \(cell.text)")
                }
            }
            #expect(!row.reason.isEmpty)
        }
    }

    @Test func correctAppsTestsVerifyPurchasePendingRefundAndRenewal() {
        let matrix = Self.matrix("CorrectApp")
        Self.expectBacked(matrix)
        let status = Dictionary(uniqueKeysWithValues: matrix.rows.map { ($0.id, $0.status) })
        for id in ["purchase.auto_renewable", "purchase.non_consumable", "purchase.consumable", "ask_to_buy", "refund_and_revocation", "renewal", "expiry"] {
            #expect(status[id] == .verified, "\(id): \(String(describing: status[id]))")
        }
        // What no test drives stays unverified, however well the code handles it.
        for id in ["restore", "billing_retry_and_grace_period", "upgrade_downgrade_crossgrade", "family_sharing"] {
            #expect(status[id] == .handledUntested, "\(id): \(String(describing: status[id]))")
        }
        let renewal = matrix.rows.first { $0.id == "renewal" }!
        #expect(renewal.tested.text.contains("forceRenewalOfSubscription"))
        #expect(renewal.tested.location?.file == "Tests/PurchasePathTests.swift")
        let refund = matrix.rows.first { $0.id == "refund_and_revocation" }!
        #expect(refund.tested.text == "StoreTests.refundRemovesTheThemePack: refundTransaction(identifier:)")
        #expect(refund.handled.ruleID == "revocation_not_checked")
        // The updates listener with revocation checks is a revocation path: approval not withheld.
        #expect(refund.withheld == nil)
    }

    @Test func flawedAppIsUnverifiedEverywhereWithItsFindings() {
        let matrix = Self.matrix("FlawedApp")
        Self.expectBacked(matrix)
        #expect(matrix.rows.allSatisfy { $0.status == .unverified || $0.status == .notApplicable })
        let pending = matrix.rows.first { $0.id == "ask_to_buy" }!
        #expect(pending.handled.ruleID == "pending_purchase_unhandled")
        #expect(pending.handled.location?.file == "RecipeBox/Store/PurchaseManager.swift")
        #expect(pending.handled.location?.line == 42)
        let restore = matrix.rows.first { $0.id == "restore" }!
        #expect(restore.handled.ruleID == "restore_purchases_missing")
        #expect(matrix.withheld.map(\.id).contains("refund_and_revocation"))
    }

    static let untestedApp: [(String, String)] = [
        ("App/Products.storekit", """
            { "products" : [ { "localizations" : [ { "description" : "All features", "displayName" : "Pro", "locale" : "en_US" } ],
              "productID" : "com.app.lifetime", "referenceName" : "Lifetime", "type" : "NonConsumable", "displayPrice" : "9.99" } ],
              "subscriptionGroups" : [ { "id" : "1", "name" : "Plus", "localizations" : [ ], "subscriptions" : [
                { "localizations" : [ { "description" : "Monthly", "displayName" : "Plus", "locale" : "en_US" } ],
                  "productID" : "com.app.plus.monthly", "recurringSubscriptionPeriod" : "P1M", "referenceName" : "Monthly",
                  "subscriptionGroupID" : "1", "type" : "RecurringSubscription", "displayPrice" : "2.99" } ] } ],
              "version" : { "major" : 3, "minor" : 0 } }
            """),
        ("App/Store.swift", """
            import StoreKit
            @MainActor final class Store: ObservableObject {
                @Published private(set) var owned = Set<String>()
                init() { Task { await refresh() } }
                func buy(_ product: Product) async throws {
                    switch try await product.purchase() {
                    case .success(.verified(let transaction)):
                        owned.insert(transaction.productID)
                        await transaction.finish()
                    case .pending, .userCancelled, .success: break
                    @unknown default: break
                    }
                }
                func refresh() async {
                    for await case .verified(let transaction) in Transaction.currentEntitlements where transaction.revocationDate == nil {
                        owned.insert(transaction.productID)
                    }
                }
            }
            """),
    ]

    @Test func withoutTestsOrServerNothingIsVerifiedAndPathsAreWithheld() {
        let matrix = Self.matrix(files: Self.untestedApp)
        Self.expectBacked(matrix)
        #expect(!matrix.rows.isEmpty)
        #expect(matrix.rows.allSatisfy { $0.status != .verified })
        #expect(matrix.rows.allSatisfy { $0.tested.state != .present })
        #expect(matrix.degraded == [
            "no App Store Connect products declared (no configuration is synced from App Store Connect)",
            "no sandbox testers declared", "no server notifications found", "no server-side JWS validation found",
        ])
        let withheld = Set(matrix.withheld.map(\.id))
        for id in ["purchase.auto_renewable", "purchase.non_consumable", "restore", "renewal", "refund_and_revocation", "expiry", "billing_retry_and_grace_period"] {
            #expect(withheld.contains(id), "\(id) should be withheld")
        }
        #expect(!withheld.contains("ask_to_buy"))
    }

    /// What each capability may change: the launch column of the paths that need it, and the
    /// server column for the endpoint (of the paths that apply: no product here is
    /// family-shareable, no group has two levels, no offer is configured). Nothing else.
    @Test func declaringACapabilityChangesExactlyItsCells() {
        let base = Self.matrix(files: Self.untestedApp)
        let declarations: [(Capabilities, String, Set<String>)] = [
            (Capabilities(appStoreConnectProducts: true), "appStoreConnectProducts", ["purchase.auto_renewable.launch", "purchase.non_consumable.launch"]),
            (Capabilities(sandboxTesters: true), "sandboxTesters", ["restore.launch", "renewal.launch", "expiry.launch"]),
            (Capabilities(notificationsEndpoint: "https://api.example.com/asn"), "notificationsEndpoint", [
                "purchase.auto_renewable.server", "purchase.non_consumable.server", "renewal.server", "renewal.launch",
                "refund_and_revocation.server", "refund_and_revocation.launch", "expiry.server", "expiry.launch",
                "billing_retry_and_grace_period.server", "billing_retry_and_grace_period.launch",
            ]),
            (Capabilities(serverJWSValidation: true), "serverJWSValidation", []),
        ]
        for (capabilities, key, expected) in declarations {
            let declared = Self.matrix(files: Self.untestedApp, capabilities: capabilities)
            var changed = Set<String>()
            for (before, after) in zip(base.rows, declared.rows) {
                #expect(before.id == after.id)
                if before.configured != after.configured { changed.insert("\(before.id).configured") }
                if before.handled != after.handled { changed.insert("\(before.id).handled") }
                if before.tested != after.tested { changed.insert("\(before.id).tested") }
                if before.server != after.server { changed.insert("\(before.id).server") }
                if before.status != after.status { changed.insert("\(before.id).status") }
                if before.withheld != after.withheld { changed.insert("\(before.id).launch") }
            }
            #expect(changed == expected, "\(key)")
            let capabilityChanges = zip(base.capabilities, declared.capabilities).filter { $0 != $1 }.map(\.0.key)
            #expect(capabilityChanges == [key])
            #expect(declared.capabilities.first { $0.key == key }?.source == .declared)
        }
    }

    @Test func serverHandlersAreFoundByNotificationType() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("iap-audit-asn-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("server"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("App"), withIntermediateDirectories: true)
        for (path, text) in Self.untestedApp {
            try text.write(to: folder.appendingPathComponent(path), atomically: true, encoding: .utf8)
        }
        try """
            from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier

            def handle(signed_payload, verifier: SignedDataVerifier):
                payload = verifier.verify_and_decode_notification(signed_payload)
                kind = payload.notificationType
                if kind == "DID_RENEW":
                    extend(payload)
                elif kind in ("REFUND", "REVOKE"):
                    revoke(payload)
                elif kind == "GRACE_PERIOD_EXPIRED":
                    lock(payload)
            """.write(to: folder.appendingPathComponent("server/notifications.py"), atomically: true, encoding: .utf8)
        // A client enum that names REFUND is no handler.
        try """
            enum Reason { static let all = ["REFUND", "EXPIRED"] }
            """.write(to: folder.appendingPathComponent("App/Reason.swift"), atomically: true, encoding: .utf8)
        let result = Auditor.audit(paths: [folder], root: folder, rules: BuiltInRules.all).withPurchasePaths(capabilities: Capabilities())
        let server = result.scope.serverNotifications
        #expect(Set(server.sites.map(\.type)) == ["DID_RENEW", "REFUND", "REVOKE", "GRACE_PERIOD_EXPIRED"])
        #expect(server.sites.allSatisfy { $0.location.file == "server/notifications.py" })
        #expect(server.sites.first { $0.type == "DID_RENEW" }?.location.line == 6)
        #expect(server.jwsValidation?.line == 1)
        let matrix = try #require(result.purchasePaths)
        let refund = try #require(matrix.rows.first { $0.id == "refund_and_revocation" })
        #expect(refund.server.text == "handles REFUND, REVOKE")
        #expect(refund.withheld == nil)
        let expiry = try #require(matrix.rows.first { $0.id == "expiry" })
        #expect(expiry.server.state == .missing)
        #expect(!matrix.degraded.contains("no server notifications found"))
    }

    /// Paths a purchase SDK handles are not "not applicable": they are handled in code the audit
    /// does not read, so unverified.
    @Test func pathsAnSDKHandlesAreUnverifiedNotInapplicable() throws {
        let matrix = Self.matrix(files: [
            ("App/TipJar.swift", """
                import RevenueCat
                import SwiftUI
                struct TipJar: View {
                    let package: Package
                    var body: some View {
                        Button("Tip") { Purchases.shared.purchase(package: package) { _, _, _, _ in } }
                        Button("Restore Purchases") { Purchases.shared.restorePurchases { _, _ in } }
                    }
                }
                """),
        ])
        let purchase = try #require(matrix.rows.first { $0.id == "purchase" })
        #expect(purchase.status == .unverified)
        #expect(purchase.reason == "a purchase SDK handles it, which the audit does not read")
        #expect(purchase.handled.text.hasPrefix("Purchases go through RevenueCat"))
    }

    /// UI tests that tap the store's buttons, and a session's time rate set in a test.
    @Test func uiTestsAndTimeRateDrivePaths() throws {
        let matrix = Self.matrix(files: Self.untestedApp + [
            ("AppUITests/StoreUITests.swift", """
                import XCTest
                final class StoreUITests: XCTestCase {
                    func testRestoreFromSettings() {
                        let app = XCUIApplication()
                        app.launch()
                        app.buttons["Settings"].tap()
                        app.buttons["Restore Purchases"].tap()
                        XCTAssertTrue(app.staticTexts["Purchases restored"].waitForExistence(timeout: 5))
                    }
                }
                """),
            ("AppTests/RenewalTests.swift", """
                import StoreKitTest
                import XCTest
                final class RenewalTests: XCTestCase {
                    var session: SKTestSession!
                    override func setUp() async throws {
                        session = try SKTestSession(configurationFileNamed: "Products")
                        session.timeRate = .realTime
                    }
                    func testMonthlyRenews() async throws {
                        session.timeRate = .monthlyRenewalEveryThirtySeconds
                        try await Task.sleep(for: .seconds(35))
                    }
                }
                """),
        ])
        let restore = try #require(matrix.rows.first { $0.id == "restore" })
        #expect(restore.tested.text == "StoreUITests.testRestoreFromSettings: taps \"Restore Purchases\"")
        #expect(restore.tested.location?.line == 7)
        #expect(restore.withheld == nil)
        let renewal = try #require(matrix.rows.first { $0.id == "renewal" })
        #expect(renewal.tested.text == "RenewalTests.testMonthlyRenews: timeRate = …")
        #expect(renewal.tested.location?.line == 10)
        // Tapping "Settings" buys nothing.
        #expect(matrix.rows.first { $0.id == "purchase.auto_renewable" }?.tested.state == .missing)
    }

    @Test func failOnTakesALevelAndWithheld() {
        #expect(FailGate("error,withheld") == FailGate(level: .error, withheld: true))
        #expect(FailGate("withheld") == FailGate(level: nil, withheld: true))
        #expect(FailGate("warning") == FailGate(level: .warning, withheld: false))
        #expect(FailGate("withheld,withheld") == nil)
        #expect(FailGate("error,warning") == nil)
        #expect(FailGate("sometimes") == nil)
    }

    @Test func capabilitiesAreReadFromTheConfiguration() throws {
        let text = """
            { "failOn": "warning,withheld",
              "capabilities": { "sandboxTesters": true, "notificationsEndpoint": "https://api.example.com/asn" } }
            """
        let configuration = try Configuration.parse(Array(text.utf8), file: ".iap-audit.json", directory: nil, knownRules: [])
        #expect(configuration.failOn == .warning)
        #expect(configuration.failOnWithheld)
        #expect(configuration.capabilities == Capabilities(sandboxTesters: true, notificationsEndpoint: "https://api.example.com/asn"))
        #expect(throws: Configuration.Error.self) {
            try Configuration.parse(Array(#"{ "capabilities": { "sandboxTester": true } }"#.utf8), file: "c", directory: nil, knownRules: [])
        }
        #expect(throws: Configuration.Error.self) {
            try Configuration.parse(Array(#"{ "capabilities": { "notificationsEndpoint": "ftp://x" } }"#.utf8), file: "c", directory: nil, knownRules: [])
        }
    }
}
