import StoreKit
import SwiftUI

struct GameView: View {
    @Environment(GemStore.self) private var store
    @State private var isShowingShop = false
    @State private var level = 1

    var body: some View {
        VStack(spacing: 24) {
            Text("Level \(level)")
                .font(.largeTitle.bold())
            Button("Use 50 gems to skip this level") {
                Task {
                    if await store.spend(50) { await advance() }
                }
            }
            .disabled(store.gems < 50)
            Button("Shop") { isShowingShop = true }
            if !store.adsRemoved {
                Color.gray.opacity(0.2)
                    .frame(height: 50)
                    .overlay(Text("Ad"))
            }
        }
        .sheet(isPresented: $isShowingShop) { ShopView() }
    }

    private func advance() async {
        level += 1
        // Install attribution for ad campaigns; SKAdNetwork is unrelated to purchases.
        if level == 5 {
            try? await SKAdNetwork.updatePostbackConversionValue(3, coarseValue: .medium, lockWindow: false)
        }
    }
}
