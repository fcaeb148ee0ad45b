import AuditCore
import AuditRules
import Foundation
import Testing

/// Objective-C StoreKit 1 apps written in the shapes of public ones (RMStore, MKStoreKit):
/// an observer that finishes before delivering and ignores Ask to Buy, a receipt posted to
/// verifyReceipt with the secret in a macro; a correct observer added at launch; and a mixed
/// app whose Swift app delegate starts an Objective-C observer.
@Suite struct ObjectiveCTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("AuditCoreTests/Fixtures/ObjectiveC")

    static func audit(_ app: String) -> AuditResult {
        let root = fixtures.appendingPathComponent(app)
        return Auditor.audit(paths: [root], root: root, rules: BuiltInRules.all)
    }

    static func findings(_ result: AuditResult, atLeast severity: Severity = .note) -> Set<String> {
        Set(result.findings.filter { $0.severity >= severity }.map { "\($0.ruleID) \($0.location.file):\($0.location.line)" })
    }

    @Test func flawedStoreGetsEveryStoreKit1Finding() {
        let result = Self.audit("LegacyStoreFlawed")
        #expect(result.fileCounts[.objectiveC] == 3)
        #expect(Self.findings(result) == [
            "shared_secret_in_app Store/TipStore.m:5",
            "restore_purchases_missing Store/TipStore.m:14",
            "pending_purchase_unhandled Store/TipStore.m:25",
            "transaction_not_finished Store/TipStore.m:28",
            "legacy_storekit_api Store/TipStore.m:7",
            "transaction_finished_before_delivery Store/TipStore.m:22",
            "receipt_instead_of_jws Store/TipStore.m:40",
            "legacy_storekit_api Store/TipViewController.m:9",
            "transaction_listener_late Store/TipViewController.m:9",
            "storekit_config_missing Store/AppDelegate.m:6",
            // A note: it buys without asking canMakePayments.
            "legacy_storekit_api Store/TipStore.m:14",
            // Notes at each further line that uses the original API (the warning is at line 7):
            // the endpoint, the buy method, the payment, the observer method, its loop and
            // the receipt.
            "legacy_storekit_api Store/TipStore.m:4",
            "legacy_storekit_api Store/TipStore.m:12",
            "legacy_storekit_api Store/TipStore.m:13",
            "legacy_storekit_api Store/TipStore.m:17",
            "legacy_storekit_api Store/TipStore.m:18",
            "legacy_storekit_api Store/TipStore.m:38",
        ])
        // One warning per file: the notes do not count as more migration tasks.
        #expect(result.findings.filter { $0.ruleID == "legacy_storekit_api" && $0.severity == .warning }.count == 2)
        #expect(result.findings.contains { $0.location.line == 18 && $0.message == "Original StoreKit API on this line: SKPaymentTransaction. Part of migrating this file (the warning at line 7 lists every use)." })
    }

    @Test func correctStorePassesTheStoreKit1ItemsOnEvidence() {
        let result = Self.audit("LegacyStoreCorrect")
        // Only the migration advice remains.
        #expect(Self.findings(result, atLeast: .warning) == ["legacy_storekit_api Store/StoreObserver.m:6"])
        // It asks canMakePayments before buying: no note about restricted purchases.
        #expect(!result.findings.contains { $0.message.contains("canMakePayments") })
        #expect(result.results.flatMap(\.evidence).contains { $0.message.contains("canMakePayments] is asked") })
        let evidence = result.results.flatMap(\.evidence)
        func has(_ rule: String, _ words: String) -> Bool {
            evidence.contains { $0.ruleID == rule && $0.message.contains(words) }
        }
        #expect(has("transaction_listener_late", "at launch: -[AppDelegate application:didFinishLaunchingWithOptions:] → +[StoreObserver sharedObserver] → -[StoreObserver init]"))
        #expect(has("transaction_not_finished", "finishes purchased, restored and failed transactions"))
        #expect(has("pending_purchase_unhandled", "SKPaymentTransactionStateDeferred (Ask to Buy) is handled"))
        #expect(has("restore_purchases_missing", "restoreTapped: of SettingsViewController restores purchases"))
    }

    @Test func mixedAppFollowsTheFlowAcrossLanguages() {
        let result = Self.audit("MixedApp")
        #expect(Self.findings(result, atLeast: .error) == ["pending_purchase_unhandled App/PurchaseObserver.m:35"])
        let evidence = result.results.flatMap(\.evidence)
        // The Swift app delegate's `PurchaseObserver.shared().start()` adds the observer at launch.
        #expect(evidence.contains { $0.ruleID == "transaction_listener_late" && $0.message.contains("application(_:didFinishLaunchingWithOptions:) in App/AppDelegate.swift:6") })
        // The verified path finishes through the method it calls: no unfinished finding.
        #expect(!result.findings.contains { $0.ruleID == "transaction_not_finished" || $0.ruleID == "unfinished_transactions_ignored" })
    }

    @Test func lexerCoversEveryByteAndReadsMessageSends() {
        let source = """
            #import <StoreKit/StoreKit.h>
            #define SECRET @"x" \\
                @"y"
            @implementation Store (Private)
            // [not a send]
            - (void)buy:(SKProduct *)product quantity:(NSInteger)count {
                NSArray *items = @[@"a", [self name]];
                NSString *s = @"[not a send] \\" still";
                [[SKPaymentQueue defaultQueue] addPayment:[SKPayment paymentWithProduct:product] ];
                [self.verifier verify:product success:^{ [self deliver]; } failure:^(NSError *e) { NSLog(@"%@", e); }];
                id first = items[0];
            }
            @end
            """
        let bytes = Array(source.utf8)
        let (tokens, diagnostics) = ObjectiveCLexer.tokenize(bytes)
        #expect(diagnostics.isEmpty)
        #expect(tokens.map { String(decoding: bytes[Int($0.start)..<Int($0.end)], as: UTF8.self) }.joined() == source)
        let file = ObjectiveCFile(path: "Store.m", bytes: bytes)
        #expect(file.importsStoreKit)
        #expect(file.methods.map(\.selector) == ["buy:quantity:"])
        #expect(file.methods.first?.className == "Store")
        #expect(file.methods.first?.parameters == ["product", "count"])
        #expect(file.sends.map(\.selector) == ["name", "addPayment:", "defaultQueue", "paymentWithProduct:", "verify:success:failure:", "deliver"])
        #expect(file.sends.allSatisfy { $0.method == 0 })
        let verify = file.sends.first { $0.selector == "verify:success:failure:" }!
        #expect(file.text(of: verify.receiver) == "self.verifier")
        #expect(verify.arguments.count == 3)
        #expect(file.directives.map(\.name) == ["import", "define"])
    }

    /// Shapes of shipped apps: a `#pragma` line with an apostrophe, a send after an `if`
    /// condition and after a cast, React Native bridge methods.
    @Test func pragmaTextSendsAfterConditionsAndBridgeMethodsAreRead() {
        let source = """
            #import <StoreKit/StoreKit.h>
            #pragma mark - Store's queue
            @implementation PurchaseModule
            RCT_EXPORT_MODULE();
            RCT_EXPORT_METHOD(restorePurchases:(RCTPromiseResolveBlock)resolve rejecter:(RCTPromiseRejectBlock)reject) {
                if (self.ready) [[SKPaymentQueue defaultQueue] restoreCompletedTransactions];
            }
            RCT_REMAP_METHOD(buy, purchase:(NSString *)productID resolver:(RCTPromiseResolveBlock)resolve) {
                SKProduct *product = (SKProduct *)[self.products objectForKey:productID];
                [self start:(self.sandbox ? 1 : 0) product:product];
            }
            RCT_EXPORT_BLOCKING_SYNCHRONOUS_METHOD(isPurchasing) {
                return @(self.items[0] != nil);
            }
            @end
            """
        let bytes = Array(source.utf8)
        let (tokens, diagnostics) = ObjectiveCLexer.tokenize(bytes)
        #expect(diagnostics.isEmpty)
        #expect(tokens.map { String(decoding: bytes[Int($0.start)..<Int($0.end)], as: UTF8.self) }.joined() == source)
        let file = ObjectiveCFile(path: "PurchaseModule.m", bytes: bytes)
        #expect(file.directives.map(\.name) == ["import", "pragma"])
        #expect(file.methods.map(\.selector) == ["restorePurchases:rejecter:", "purchase:resolver:", "isPurchasing"])
        #expect(file.methods.allSatisfy { $0.exportedToJavaScript })
        #expect(file.methods.first?.parameters == ["resolve", "reject"])
        #expect(file.sends.map(\.selector) == ["restoreCompletedTransactions", "defaultQueue", "objectForKey:", "start:product:"])
        #expect(file.sends.first?.method == 0)
    }

    @Test func unterminatedLiteralIsAnInputErrorAndTheFileIsStillRead() {
        let bytes = Array("@implementation A\n- (void)f { NSString *s = @\"open;\n[[SKPaymentQueue defaultQueue] restoreCompletedTransactions]; }\n@end\n".utf8)
        let input = InputFile(relativePath: "A.m", kind: .objectiveC, contents: .success(bytes))
        let result = Auditor.audit(files: [input], rules: BuiltInRules.all)
        let errors = result.findings.filter { $0.ruleID == "input_error" }
        #expect(errors.map { "\($0.location.file):\($0.location.line):\($0.location.column)" } == ["A.m:2:27"])
        #expect(result.project.objectiveCFiles.first?.sends.contains { $0.selector == "restoreCompletedTransactions" } == true)
    }
}
