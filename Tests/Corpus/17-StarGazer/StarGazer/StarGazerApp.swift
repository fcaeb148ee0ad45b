import SwiftUI

/// StarGazer is free and sells nothing. StoreKit is only used to ask for a rating
/// and to show our other apps.
@main
struct StarGazerApp: App {
    @AppStorage("sessions") private var sessions = 0

    var body: some Scene {
        WindowGroup {
            SkyView()
                .onAppear { sessions += 1 }
        }
    }
}
