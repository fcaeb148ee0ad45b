import Testing
@testable import AuditCore

/// Receivers resolved to the type their declaration gives, in the shapes apps write.
@Suite struct TypeQueriesTests {
    /// The type of the receiver of the `n`th call of `member` in `source`.
    func receiverType(of member: String, in source: String, occurrence n: Int = 0) -> String? {
        let file = SwiftFile(path: "A.swift", bytes: Array(source.utf8))
        let calls = file.calls(named: member)
        guard n < calls.count, let receiver = file.receiver(of: calls[n].name) else { return nil }
        return file.typeName(ofReceiver: receiver)
    }

    @Test func propertyWrappersAnnotationsAndInitializers() {
        let view = """
            struct PaywallView: View {
                @StateObject private var store = Store()
                @EnvironmentObject var analytics: Analytics
                @Environment(Purchases.self) private var purchases
                let logger: Logger?
                private let useCase: any PurchaseUseCase
                var body: some View {
                    Button("Buy") { store.buy(); analytics.buy(); purchases.buy(); logger?.buy(); useCase.buy() }
                }
            }
            """
        #expect(receiverType(of: "buy", in: view, occurrence: 0) == "Store")
        #expect(receiverType(of: "buy", in: view, occurrence: 1) == "Analytics")
        #expect(receiverType(of: "buy", in: view, occurrence: 2) == "Purchases")
        // `logger?.buy()`: the receiver is `?`, not a name: unknown, never guessed.
        #expect(receiverType(of: "buy", in: view, occurrence: 3) == nil)
        // An existential: the protocol.
        #expect(receiverType(of: "buy", in: view, occurrence: 4) == "PurchaseUseCase")
    }

    @Test func selfTypeNamesSingletonsLocalsAndParameters() {
        let source = """
            final class Store {
                func start() {}
                func restart() { self.start() }
            }
            func launch(using store: Store) {
                let manager = PurchaseManager.shared
                store.start()
                manager.start()
                Store.shared.start()
                Tracker().start()
                unknown.start()
            }
            """
        #expect(receiverType(of: "start", in: source, occurrence: 0) == "Store")
        #expect(receiverType(of: "start", in: source, occurrence: 1) == "Store")
        #expect(receiverType(of: "start", in: source, occurrence: 2) == "PurchaseManager")
        #expect(receiverType(of: "start", in: source, occurrence: 3) == "Store")
        #expect(receiverType(of: "start", in: source, occurrence: 4) == "Tracker")
        #expect(receiverType(of: "start", in: source, occurrence: 5) == nil)
    }
}
