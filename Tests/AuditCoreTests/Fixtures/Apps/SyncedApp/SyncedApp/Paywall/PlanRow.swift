import StoreKit
import SwiftUI

struct PlanRow: View {
    let product: Product

    var body: some View {
        HStack {
            VStack(alignment: .leading) {
                Text(product.displayName)
                if let period = product.subscription?.subscriptionPeriod {
                    Text("Renews every \(period.value) \(String(describing: period.unit))")
                        .font(.caption)
                        .foregroundStyle(.secondary)
                }
            }
            Spacer()
            Text(product.displayPrice)
        }
    }
}
