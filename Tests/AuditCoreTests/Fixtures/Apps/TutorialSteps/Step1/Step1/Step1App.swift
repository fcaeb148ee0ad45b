import SwiftUI

@main
struct Step1App: App {
    var body: some Scene {
        WindowGroup { StoreView() }
    }
}
