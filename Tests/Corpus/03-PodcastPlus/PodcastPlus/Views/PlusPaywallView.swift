import StoreKit
import SwiftUI

struct PlusPaywallView: View {
    @Environment(\.purchase) private var purchase
    @Environment(\.purchaseService) private var service
    @Environment(\.dismiss) private var dismiss
    @State private var model = PaywallModel()
    @State private var restoreError: String?

    var body: some View {
        VStack(spacing: 20) {
            Text("Podcast Plus")
                .font(.largeTitle.bold())
            Text("No ads, early episodes and listening history on every device.")
                .multilineTextAlignment(.center)

            ForEach(model.products) { product in
                Button {
                    Task { await buy(product) }
                } label: {
                    VStack {
                        Text(product.displayName)
                        if let period = product.subscription?.subscriptionPeriod {
                            Text("\(product.displayPrice) / \(period.unit.localizedDescription), renews automatically")
                                .font(.caption)
                        } else {
                            Text("\(product.displayPrice), one-time purchase")
                                .font(.caption)
                        }
                    }
                    .frame(maxWidth: .infinity)
                }
                .buttonStyle(.borderedProminent)
                .disabled(model.isPurchasing)
            }

            if let message = model.statusMessage ?? restoreError {
                Text(message)
                    .font(.footnote)
                    .foregroundStyle(.secondary)
            }

            Button("Restore Purchases") {
                Task {
                    do {
                        try await AppStore.sync()
                        await service?.refreshAccess()
                    } catch {
                        restoreError = error.localizedDescription
                    }
                }
            }

            PolicyFooter()
        }
        .padding()
        .task {
            if let service { await model.load(from: service) }
        }
    }

    private func buy(_ product: Product) async {
        guard let service else { return }
        model.willPurchase()
        do {
            let result = try await purchase(product)
            await model.handle(result, service: service)
        } catch {
            model.failed(error)
        }
    }
}
