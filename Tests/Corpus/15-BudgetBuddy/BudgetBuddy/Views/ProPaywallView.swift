import StoreKit
import SwiftUI

struct ProPaywallView: View {
    @Environment(ProStore.self) private var store
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        VStack(spacing: 18) {
            Image(systemName: "chart.pie.fill")
                .font(.system(size: 56))
                .foregroundStyle(.mint)
            Text("Budget Buddy Pro")
                .font(.largeTitle.bold())
            VStack(alignment: .leading, spacing: 8) {
                Label("Unlimited budgets", systemImage: "checkmark")
                Label("Bank-statement import", systemImage: "checkmark")
                Label("iCloud sync with your partner", systemImage: "checkmark")
            }
            Button("Unlock Pro – $9.99") {
                Task { await store.buyPro() }
            }
            .buttonStyle(.borderedProminent)
            .disabled(store.proProduct == nil)
            Text("One-time purchase. No subscription.")
                .font(.footnote)
                .foregroundStyle(.secondary)
            Button("Restore Purchases") {
                Task { await store.restorePurchases() }
            }
            if let statusText = store.statusText {
                Text(statusText).font(.footnote)
            }
        }
        .padding()
        .onAppear { Task { await store.restorePurchases() } }
        .onChange(of: store.hasPro) { _, hasPro in
            if hasPro { dismiss() }
        }
    }
}
