import StoreKit
import SwiftUI

struct StoreScreen: View {
    @Environment(Store.self) private var store
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        NavigationStack {
            List {
                Section {
                    ForEach(store.subscriptionPlans) { plan in
                        PlanButton(plan: plan)
                    }
                } header: {
                    Text("Bookshelf Pro")
                } footer: {
                    Text("Pro renews automatically at the price shown until cancelled. You can cancel at any time in Settings, at least 24 hours before the next renewal.")
                }

                if let theme = store.sepiaTheme, !store.hasSepiaTheme {
                    Section("Themes") {
                        Button("\(theme.displayName): \(theme.displayPrice)") {
                            Task { await store.purchase(theme) }
                        }
                    }
                }

                Section {
                    Button("Restore Purchases") {
                        Task { await store.restore() }
                    }
                    Link("Terms of Use", destination: URL(string: "https://bookshelf.example.com/terms")!)
                    Link("Privacy Policy", destination: URL(string: "https://bookshelf.example.com/privacy")!)
                }

                if let message = store.message {
                    Text(message).foregroundStyle(.secondary)
                }
            }
            .disabled(store.isBusy)
            .navigationTitle("Store")
            .toolbar {
                Button("Done") { dismiss() }
            }
        }
    }
}

private struct PlanButton: View {
    @Environment(Store.self) private var store
    let plan: Product

    var body: some View {
        Button {
            Task { await store.purchase(plan) }
        } label: {
            HStack {
                Text(plan.displayName)
                Spacer()
                if let unit = plan.subscription?.subscriptionPeriod.unit {
                    Text("\(plan.displayPrice)/\(unit.localizedDescription)")
                }
            }
        }
    }
}
