import SwiftUI

@main
struct Step3App: App {
    var body: some Scene {
        WindowGroup { StoreView() }
    }
}
