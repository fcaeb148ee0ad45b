import StoreKit
import SwiftUI

struct CookbookDetailView: View {
    let cookbook: Cookbook

    @EnvironmentObject private var purchases: PurchaseManager
    @State private var isBuying = false
    @State private var statusMessage: String?

    private var product: Product? {
        purchases.products.first { $0.id == cookbook.productID }
    }

    /// Remembered on the device so the cookbook opens offline, before StoreKit answers.
    private var isUnlocked: Bool {
        purchases.owns(cookbook.productID) || UserDefaults.standard.bool(forKey: "cookbookUnlocked")
    }

    var body: some View {
        List {
            Section {
                AsyncImage(url: cookbook.coverURL) { image in
                    image.resizable().scaledToFit()
                } placeholder: {
                    ProgressView()
                }
                Text(cookbook.summary)
            }
            Section("Recipes") {
                ForEach(cookbook.recipeTitles, id: \.self) { title in
                    Label(title, systemImage: isUnlocked ? "book" : "lock")
                }
            }
            if !isUnlocked, let product {
                Section {
                    Button {
                        Task { await buy(product) }
                    } label: {
                        HStack {
                            Text("Buy Cookbook")
                            Spacer()
                            Text(product.displayPrice)
                        }
                    }
                    .disabled(isBuying)
                    if let statusMessage {
                        Text(statusMessage)
                            .font(.footnote)
                            .foregroundStyle(.secondary)
                    }
                }
            }
        }
        .navigationTitle(cookbook.title)
    }

    private func buy(_ product: Product) async {
        isBuying = true
        defer { isBuying = false }
        do {
            let result = try await product.purchase()
            switch result {
            case .success(let verification):
                // Verification failed for some TestFlight users in 2.1, so read the
                // payload directly until that is sorted out.
                let transaction = verification.unsafePayloadValue
                Analytics.log("cookbook_purchased", productID: transaction.productID)
                await transaction.finish()
                UserDefaults.standard.set(true, forKey: "cookbookUnlocked")
                await purchases.refreshEntitlements()
            case .pending:
                statusMessage = "Waiting for approval from a parent or guardian."
            case .userCancelled:
                break
            @unknown default:
                break
            }
        } catch {
            statusMessage = error.localizedDescription
        }
    }
}
