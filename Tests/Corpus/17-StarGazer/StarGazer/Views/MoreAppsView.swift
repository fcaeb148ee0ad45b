import StoreKit
import SwiftUI
import UIKit

/// Our other apps, shown with StoreKit's own product page. Nothing is sold here.
struct MoreAppsView: View {
    @State private var isShowingOverlay = false

    var body: some View {
        VStack(spacing: 20) {
            Text("Also from us")
                .font(.title2.bold())
            Button("MoonPhase Widget") { isShowingOverlay = true }
            AppStorePage(appID: 1_584_203_771)
                .frame(height: 420)
        }
        .padding()
        .appStoreOverlay(isPresented: $isShowingOverlay) {
            SKOverlay.AppConfiguration(appIdentifier: "1584203771", position: .bottom)
        }
    }
}

private struct AppStorePage: UIViewControllerRepresentable {
    let appID: Int

    func makeUIViewController(context: Context) -> SKStoreProductViewController {
        let controller = SKStoreProductViewController()
        controller.loadProduct(withParameters: [SKStoreProductParameterITunesItemIdentifier: appID])
        return controller
    }

    func updateUIViewController(_ controller: SKStoreProductViewController, context: Context) {}
}
