import AuditCore

/// `AppStore.sync()` asks the user to sign in to their Apple Account; it belongs behind a
/// button the user taps, never on launch or on appear.
public struct RestoreCalledAutomaticallyRule: Rule {
    public init() {}

    static let automaticClosures: Set<String> = ["task", "onAppear", "onReceive", "onChange", "refreshable"]

    public static let description = RuleDescription(
        identifier: "restore_called_automatically",
        title: "Restore runs only when the user asks",
        severity: .warning,
        scope: .code,
        rationale: """
            `AppStore.sync()` may show an Apple Account sign-in prompt. Calling it on launch, on \
            appear or from a timer surprises people with a password dialog, and is unnecessary: \
            `Transaction.currentEntitlements` is already up to date. Apple recommends it only in \
            response to an explicit Restore action.
            """,
        fix: "Call `AppStore.sync()` only from a Restore Purchases button's action; read `Transaction.currentEntitlements` at launch instead.",
        reference: "Apple developer guidance on AppStore.sync(); StoreKit 2 restore purchases",
        triggeringExamples: [
            RuleExample("""
                struct RootView: View {
                    var body: some View {
                        ContentView().task { try? await AppStore.↓sync() }
                    }
                }
                """),
            RuleExample("""
                @MainActor final class Store {
                    init() {
                        Task { try? await AppStore.↓sync() }
                    }
                }
                """),
            RuleExample("""
                final class AppDelegate: NSObject, UIApplicationDelegate {
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        Task { try await AppStore.↓sync() }
                        return true
                    }
                }
                """),
            // Through a store method that a view calls on appear.
            RuleExample(files: [
                ("Store.swift", "final class Store { func restore() async { try? await AppStore.sync() } }"),
                ("Settings.swift", """
                    struct SettingsView: View {
                        let store: Store
                        var body: some View { List { }.onAppear { Task { await store.↓restore() } } }
                    }
                    """),
            ]),
            // StoreKit 1: restoring when the app finishes launching.
            RuleExample("""
                import StoreKit
                import UIKit
                final class AppDelegate: UIResponder, UIApplicationDelegate {
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        SKPaymentQueue.default().↓restoreCompletedTransactions()
                        return true
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            // StoreKit 1: a Restore button's action.
            RuleExample("""
                import StoreKit
                import UIKit
                final class SettingsViewController: UITableViewController {
                    @IBAction func restoreTapped(_ sender: UIButton) {
                        SKPaymentQueue.default().restoreCompletedTransactions()
                    }
                }
                """),
            // The seed's CORRECT restore function behind a button.
            RuleExample("""
                struct PaywallView: View {
                    var body: some View {
                        Button("Restore Purchases") { Task { try? await restorePurchases() } }
                    }
                    func restorePurchases() async throws {
                        try await AppStore.sync()
                        await StoreManager.shared.updateEntitlements()
                    }
                }
                """),
            RuleExample("""
                Button {
                    Task { try? await AppStore.sync() }
                } label: {
                    Text("Restore")
                }
                """),
            // A UIKit action method.
            RuleExample("""
                final class PaywallViewController: UIViewController {
                    @objc private func restoreTapped(_ sender: UIButton) {
                        Task { try? await AppStore.sync() }
                    }
                }
                """),
            // A store method called from a button in another file.
            RuleExample(files: [
                ("Store.swift", "final class Store { func restore() async { try? await AppStore.sync() } }"),
                ("Paywall.swift", "struct Paywall: View { let store: Store\n var body: some View { Button(\"Restore\") { Task { await store.restore() } } } }"),
            ]),
            // Reading entitlements on appear is right.
            RuleExample("""
                ContentView().task {
                    for await result in Transaction.currentEntitlements { _ = result }
                }
                """),
            // A restore method nobody calls automatically.
            RuleExample("""
                actor Purchases { func restore() async throws { try await AppStore.sync() } }
                """),
        ]
    )

    public func check(_ project: Project, into result: inout RuleResult) {
        var syncs = 0
        for file in project.swiftFiles {
            // StoreKit 2's `AppStore.sync()` and the original `SKPaymentQueue.default().restoreCompletedTransactions()`.
            let restores = file.occurrences(of: "sync").filter { file.isMemberAccess($0, base: "AppStore", member: "sync") }.map { ($0, "AppStore.sync()") }
                + file.occurrences(of: "restoreCompletedTransactions").filter { file.receiver(of: $0) != nil }.map { ($0, "restoreCompletedTransactions()") }
            for (i, call) in restores {
                syncs += 1
                if let trigger = Self.automaticTrigger(of: i, in: file, project: project, depth: 0) {
                    // Point at the call made from the automatic context: the sync itself, or the
                    // call of the method that leads to it.
                    let location = trigger.site ?? file.location(of: i)
                    result.report(at: location, "\(call) runs without a user action (\(trigger.reason)): it can show an Apple Account sign-in prompt.")
                } else {
                    result.evidence(in: file, at: i, "\(call) is called in \(scopeDescription(of: i, in: file)), behind a user action")
                }
            }
        }
        if syncs == 0 {
            result.notApplicable("The app does not call AppStore.sync() or restoreCompletedTransactions().")
        }
    }

    /// What starts the code at `index` without the user asking, if anything.
    static func automaticTrigger(of index: Int, in file: SwiftFile, project: Project, depth: Int) -> (reason: String, site: SourceLocation?)? {
        for d in file.declarationChain(of: index) {
            let declaration = file.declarations[d]
            switch declaration.kind {
            case .closure:
                if automaticClosures.contains(declaration.name), file.isAfterDot(declaration.calleeIndex) {
                    return (".\(declaration.name) in \(scopeDescription(of: index, in: file))", nil)
                }
                // A button's action or any other closure named after a control: a user action.
                if ["Button", "action", "onTapGesture", "Menu", "swipeActions", "contextMenu", "addAction", "UIAction"].contains(declaration.name) { return nil }
            case .initializer:
                return ("\(scopeDescription(of: index, in: file))", nil)
            case .function:
                if LaunchPath.launchMethods.contains(declaration.name) {
                    return ("\(scopeDescription(of: index, in: file)) at launch", nil)
                }
                if declaration.attributes.contains("@objc") || declaration.attributes.contains("@IBAction") { return nil }
                guard depth < 3 else { return nil }
                // Who calls this function? Automatic if any caller is.
                for other in project.swiftFiles(mentioning: declaration.name) {
                    for call in other.calls(named: declaration.name) {
                        if other.path == file.path, call.name == declaration.keyword + 1 { continue }
                        if let trigger = automaticTrigger(of: call.name, in: other, project: project, depth: depth + 1) {
                            return (trigger.reason, trigger.site ?? other.location(of: call.name))
                        }
                    }
                }
                return nil
            default:
                continue
            }
        }
        return nil
    }
}
