import StoreKit
import SwiftUI

struct SettingsView: View {
    @Environment(TallyStore.self) private var store
    @AppStorage("style") private var style = CounterStyle.default
    @State private var pro: Product?

    var body: some View {
        NavigationStack {
            Form {
                Section("Tally Pro") {
                    if store.hasPro {
                        Label("Pro unlocked. Thank you!", systemImage: "checkmark.seal")
                    } else if let pro {
                        // Never "Unlock for $4.99": the price differs per storefront.
                        Button("Unlock \(pro.displayName) for \(pro.displayPrice)") {
                            Task {
                                guard let result = try? await pro.purchase() else { return }
                                await store.handle(result)
                            }
                        }
                    }
                    if store.pending {
                        Text("Waiting for approval")
                    }
                    Button("Restore Purchases") {
                        Task { await store.restore() }
                    }
                }
                Section("Style") {
                    Picker("Counter", selection: $style) {
                        ForEach(CounterStyle.allCases, id: \.self) { style in
                            Text(style.rawValue.capitalized).tag(style)
                        }
                    }
                }
                Section {
                    NavigationLink("Tip Jar") { TipJarView() }
                }
                #if DEBUG
                DebugStoreSection()
                #endif
            }
            .navigationTitle("Settings")
            .task {
                pro = try? await Product.products(for: [TallyProducts.proLifetime]).first
            }
        }
    }
}

#if DEBUG
/// Sandbox helpers for the developer build. Compiled out of the App Store build.
private struct DebugStoreSection: View {
    @State private var log: [String] = []

    var body: some View {
        Section("Debug: StoreKit") {
            Text("Sandbox prices: $0.99 and $4.99")
            Button("Reload products") {
                Task {
                    let products = (try? await Product.products(for: ["com.tally.pro.lifetime", "com.tally.tip.small"])) ?? []
                    log = products.map { "\($0.id) \($0.displayPrice)" }
                }
            }
            Button("Dump entitlements") {
                Task {
                    for await result in Transaction.currentEntitlements {
                        let transaction = result.unsafePayloadValue
                        log.append("\(transaction.productID) revoked: \(transaction.revocationDate != nil)")
                    }
                }
            }
            ForEach(log, id: \.self) { Text($0).font(.caption.monospaced()) }
        }
        .task { try? await AppStore.sync() }
    }
}
#endif
