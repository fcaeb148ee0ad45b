import SwiftUI

struct ArcadeView: View {
    @EnvironmentObject private var coinStore: CoinStore
    @State private var isShowingShop = false
    @State private var score = 0

    var body: some View {
        VStack(spacing: 20) {
            HStack {
                Label("\(coinStore.coins)", systemImage: "circle.circle.fill")
                    .foregroundStyle(.yellow)
                Spacer()
                Button("Get Coins") { isShowingShop = true }
            }
            .padding()
            Spacer()
            Text("Score: \(score)")
                .font(.system(size: 44, weight: .black, design: .rounded))
            Button("Continue (10 coins)") {
                guard coinStore.coins >= 10 else {
                    isShowingShop = true
                    return
                }
                coinStore.coins -= 10
                score += 100
            }
            .buttonStyle(.borderedProminent)
            Spacer()
            if !coinStore.noAds {
                Rectangle()
                    .fill(.gray.opacity(0.3))
                    .frame(height: 50)
                    .overlay(Text("Advertisement").font(.caption))
            }
        }
        .sheet(isPresented: $isShowingShop) { CoinShopView() }
    }
}
