import StoreKit
import SwiftUI

struct ScanView: View {
    @EnvironmentObject private var store: PlantStore
    @State private var result: String?

    var body: some View {
        VStack(spacing: 20) {
            Image(systemName: "leaf.circle")
                .font(.system(size: 100))
            Text("\(store.scansRemaining) identifications left")
            Button("Identify Plant") {
                result = store.useScan() ? String(localized: "Looks like a Monstera deliciosa") : nil
            }
            .buttonStyle(.borderedProminent)
            .disabled(store.scansRemaining == 0)
            if let result {
                Text(result)
            }
            if let pack = store.scanPack {
                Button("Get \(pack.displayName) for \(pack.displayPrice)") {
                    Task { await store.buy(pack) }
                }
            }
            if let notice = store.notice {
                Text(notice).foregroundStyle(.secondary)
            }
        }
        .padding()
    }
}
