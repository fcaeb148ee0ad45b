import SwiftUI

@main
struct Step2App: App {
    var body: some Scene {
        WindowGroup { StoreView() }
    }
}
