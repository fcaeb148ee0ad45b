import StoreKit
import UIKit

enum ReviewPrompter {
    private static let milestones: Set<Int> = [7, 30, 100]

    @MainActor
    static func promptIfMilestone(_ streak: Int) {
        guard milestones.contains(streak),
              let scene = UIApplication.shared.connectedScenes.first(where: { $0.activationState == .foregroundActive }) as? UIWindowScene
        else { return }
        SKStoreReviewController.requestReview(in: scene)
    }
}
