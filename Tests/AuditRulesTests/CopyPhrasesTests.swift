import AuditCore
import Foundation
import Testing
@testable import AuditRules

/// The phrase lists in five languages: what they must and must not match.
@Suite struct CopyPhrasesTests {
    @Test func everyPatternCompiles() {
        for expression in [CopyPhrases.renewal, CopyPhrases.cancellation, CopyPhrases.trial, CopyPhrases.pricePlaceholder, CopyPhrases.subscription,
                           CopyPhrases.placeholder, CopyPhrases.otherPlatform, CopyPhrases.externalPurchase, CopyPhrases.externalCheckoutURL, SubscriptionTermsMissingRule.periodWords] {
            #expect(expression != nil)
        }
    }

    @Test func trialPromisesInFiveLanguages() {
        let promises = ["Try free for 7 days", "Start your free trial", "7-day free trial", "First month free", "Jetzt 14 Tage kostenlos testen",
                        "Essai gratuit de 7 jours", "Profitez de 14 jours gratuits", "Prueba gratuita de 7 días", "7 días gratis", "7日間無料", "無料トライアルを開始"]
        for text in promises { #expect(CopyPhrases.trialPromise(in: text) != nil, "\(text)") }
        let notPromises = ["Free plan", "Free", "free tier", "Sugar-free recipes", "Free shipping", "Kostenloser Versand", "Plan gratuit", "Plan gratis", "無料プラン"]
        for text in notPromises { #expect(CopyPhrases.trialPromise(in: text) == nil, "\(text)") }
    }

    @Test func renewalAndCancellationInFiveLanguages() {
        for text in ["Renews automatically unless cancelled", "Das Abo verlängert sich automatisch", "Abonnement renouvelé automatiquement",
                     "La suscripción se renueva automáticamente", "サブスクリプションは自動更新されます"] {
            #expect(CopyPhrases.statesRenewal(text), "\(text)")
        }
        #expect(!CopyPhrases.statesRenewal("Unlock everything"))
    }

    @Test func externalPurchaseWording() {
        #expect(CopyPhrases.externalPurchasePhrase(in: "Buy Pro on our website for less") != nil)
        #expect(CopyPhrases.externalPurchasePhrase(in: "Subscribe on our website") != nil)
        #expect(CopyPhrases.externalPurchasePhrase(in: "Visit our website for recipes") == nil)
        #expect(CopyPhrases.externalPurchasePhrase(in: "https://example.com/help") == nil)
        #expect(CopyPhrases.externalPurchasePhrase(in: "https://example.com/checkout?plan=pro") != nil)
    }

    @Test func moneyDetectionCasesFromTheIssue() {
        for text in ["$4.99", "4,99 €", "£3", "¥600", "USD 9.99", "9.99/month", "CHF 12.–", "Then $59.99 a year", "R$ 19,90", "1.299,00 €"] {
            #expect(MoneyDetector.containsMoney(text), "\(text)")
        }
        for text in ["v4.99", "Version 4.99", "20% off", "10:30", "2024-12-01", "Free plan", "4.99", "iOS 17.4", "Chapter 3.2", "4,000,000 readers", "x2.5"] {
            #expect(!MoneyDetector.containsMoney(text), "\(text)")
        }
    }
}
