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
        // Apple's disclosure about an unused trial is no promise of one; a promise beside it is.
        #expect(CopyPhrases.trialPromise(in: "Any unused portion of a free trial period, if offered, will be forfeited when you purchase a subscription.") == nil)
        #expect(CopyPhrases.trialPromise(in: "Wenn Ihnen eine kostenlose Testversion angeboten wurde, verfällt deren nicht genutzter Teil.") == nil)
        #expect(CopyPhrases.trialPromise(in: "Unused portions are forfeited.\nStart your free trial today") != nil)
    }

    @Test func renewalAndCancellationInFiveLanguages() {
        for text in ["Renews automatically unless cancelled", "Das Abo verlängert sich automatisch", "Abonnement renouvelé automatiquement",
                     "Votre abonnement sera automatiquement renouvelé, sauf annulation", "La suscripción se renueva automáticamente", "サブスクリプションは自動更新されます"] {
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

/// The word tests that spare running the copy expressions must never hide a match: every text
/// an expression matches passes its test, whatever its case, script or Unicode folding.
@Suite struct CopyPrefilterTests {
    static func matches(_ expression: NSRegularExpression?, _ text: String) -> Bool {
        guard let expression else { return false }
        return expression.firstMatch(in: text, range: NSRange(text.startIndex..<text.endIndex, in: text)) != nil
    }

    static let texts: [String] = [
        "Subscribe on our website and save", "SUBSCRIBE ON OUR WEBSITE", "Buy it at the online store", "Upgrade via our homepage",
        "Cheaper on our web", "https://example.com/checkout", "HTTPS://EXAMPLE.COM/BUY", "Jetzt auf unserer Webseite kaufen",
        "Kaufen Sie über unsere Website", "ABONNIEREN SIE AUF UNSERER WEBSITE", "Abonnez-vous sur notre site", "sur notre site internet",
        "Suscríbete en nuestra página", "COMPRA EN NUESTRA PÁGINA", "Compra en nuestra Página web", "en nuestro sitio web",
        "ウェブサイトで購入", "公式サイトで登録", "Buy on our ſite", "Subscribe on our web\u{017F}ite", "Lorem ipsum dolor", "LOREM IPSUM",
        "TODO: real copy", "Price TBD", "FIXME", "xxx", "Placeholder", "[copy]", "[ COPY ]", "Dummy text here", "tk tk",
        "tk t\u{212A}", "Available on Android", "GOOGLE PLAY", "Play Store", "Galaxy Store", "Windows Phone", "Amazon Appstore",
        "Huawei AppGallery", "Ａｎｄｒｏｉｄ", "İnternet sitemizden satın alın", "Café TODO", "Ünlock Pro — TODO", "ordinary copy",
        "Unlock all recipes", "Jetzt freischalten", "すべてのレシピ", "Débloquez tout",
    ]

    @Test func aMatchAlwaysPassesTheWordTest() {
        var matched = 0
        for text in Self.texts {
            if Self.matches(CopyPhrases.externalPurchase, text) || Self.matches(CopyPhrases.externalCheckoutURL, text) {
                matched += 1
                #expect(CopyPhrases.mayContain(text, candidates: CopyPhrases.externalPurchaseCandidates), "\(text)")
                #expect(CopyPhrases.externalPurchasePhrase(in: text) != nil, "\(text)")
                var bytes = text
                #expect(bytes.withUTF8 { CopyPhrases.mayFindExternalPurchase(inUTF8: $0) }, "\(text)")
            }
            if Self.matches(CopyPhrases.placeholder, text) {
                matched += 1
                #expect(CopyPhrases.mayContain(text, candidates: CopyPhrases.placeholderCandidates), "\(text)")
            }
            if Self.matches(CopyPhrases.otherPlatform, text) {
                matched += 1
                #expect(CopyPhrases.otherPlatformName(in: text) != nil, "\(text)")
            }
        }
        #expect(matched > 30)
    }

    /// The expression's alternatives asked one by one (those whose words are there) find what
    /// the whole expression finds: the leftmost match, in any case or script. (No two
    /// alternatives can start at one place: their first words differ.)
    @Test func externalPurchaseAlternativesFindWhatTheWholeExpressionFinds() {
        let long = String(repeating: "Lorem ipsum dolor sit amet, get the app at the store. ", count: 200)
        let texts = Self.texts + [
            // Two alternatives, the later one leftmost; then the earlier one leftmost.
            "Sur notre site web, or subscribe on our website", "Subscribe on our website. Sur notre site web",
            "Buy on our website cheaper on our web", "cheaper on our website",
            "Kaufen Sie über unsere Website, jetzt auf unserer Webseite kaufen", "COMPRA EN NUESTRA WEB o en nuestro sitio web",
            "公式サイトで購入 or buy at the homepage", "SIGN UP   via\nour\tWEB SITE", "Get 3 months free at our online store",
            long, long + "Buy Pro on our website for less", "Pay ſubscriptions on the WEBſITE", "ordinary copy with İ",
        ]
        var found = 0
        for text in texts {
            let whole = CopyPhrases.externalPurchase?.firstMatch(in: text, range: NSRange(text.startIndex..<text.endIndex, in: text))?.range
            #expect(CopyPhrases.firstExternalPurchaseMatch(in: text) == whole, "\(text.prefix(80))")
            if whole != nil { found += 1 }
        }
        #expect(found >= 20)
    }

    /// The byte test a literal gets before it becomes a String rules out what it may: a URL
    /// with no checkout word, a word with no space; it never rules out a phrase.
    @Test func externalPurchaseByteTestRulesOutLinksAndWords() {
        func passes(_ text: String) -> Bool {
            var text = text
            return text.withUTF8 { CopyPhrases.mayFindExternalPurchase(inUTF8: $0) }
        }
        // Nor a sentence with a link or a site but none of the phrases' verbs or owners.
        for text in ["https://api.example.com/v1/users", "Website", "webView", "HTTPS://EXAMPLE.COM/HELP", "site_id", "",
                     "Visit the website: https://example.com/help", "Opening the web view at %@", "See the site for details"] {
            #expect(!passes(text), "\(text)")
            #expect(CopyPhrases.externalPurchasePhrase(in: text) == nil, "\(text)")
        }
        for text in ["https://example.com/checkout", "Subscribe on our website", "公式サイトで登録", "buy\ton our\twebsite", "Sur notre site web", "KAUFEN SIE ÜBER UNSERE WEBSITE"] {
            #expect(passes(text), "\(text)")
        }
        for text in Self.texts where CopyPhrases.externalPurchasePhrase(in: text) != nil {
            #expect(passes(text), "\(text)")
        }
    }

    /// A checkout link built with an interpolation is reported with an ellipsis where the
    /// interpolation is, not the invisible character that stands for it in the literal's text.
    @Test func interpolatedCheckoutLinkIsShownWithAnEllipsis() {
        let source = "Link(\"Get Pro\", destination: URL(string: \"https://example.com/\\(plan)/checkout\")!)\n"
        let input = InputFile(relativePath: "Upsell.swift", kind: .swift, contents: .success(Array(source.utf8)))
        let findings = Auditor.audit(files: [input], rules: [ExternalPurchaseLinkRule()], options: AuditOptions(jobs: 1)).findings
        #expect(findings.map(\.message) == ["A link to https://example.com/…/checkout sends people to buy outside the app."])
    }

    /// Texts for every alternative of the trial, renewal and cancellation expressions, in
    /// other cases and with the letters whose folding is ASCII (ſ, the Kelvin sign).
    static let termTexts: [(expression: NSRegularExpression?, candidates: ASCIINeedles, texts: [String])] = [
        (CopyPhrases.trial, CopyPhrases.trialCandidates, [
            "Free trial", "FREE-TRIAL", "Try it for free", "Try us free", "Free for 7 days", "FREE FOR ONE WEEK", "7-day free",
            "3 months for free", "14 days on us", "First month is free", "1st week free", "Start for free", "Kostenlos testen",
            "GRATIS AUSPROBIEREN", "Kostenlosen Test starten", "Testphase", "Probe-Abo", "Probezeit", "7 Tage kostenlos",
            "3 Monate gratis", "Essai gratuit", "Essayez gratuitement", "ESSAYER GRATUITEMENT", "Gratuit pendant 7 jours",
            "7 jours gratuits", "1 mois offert", "Prueba gratuita", "PRUEBA GRATIS", "Pruébalo gratis", "Gratis durante 7 días",
            "7 días gratis", "2 meses gratis", "無料体験", "無料トライアル", "7日間無料", "1か月無料", "Teſtphase", "\u{212A}ostenlos testen",
        ]),
        (CopyPhrases.renewal, CopyPhrases.renewalCandidates, [
            "Renews automatically", "Automatically renews", "AUTO-RENEWS", "Auto renew", "Renews every month", "Renew until cancelled",
            "Recurring billing", "Verlängert sich automatisch", "Automatisch verlängert", "Automatische Verlängerung",
            "Verlängert sich nach einem Jahr automatisch", "Renouvelé automatiquement", "Renouvellement automatique",
            "Reconduit automatiquement", "Reconduction automatique", "Se renueva automáticamente", "RENOVACIÓN AUTOMÁTICA",
            "Renueva automáticamente", "Se renovará automáticamente", "自動更新", "自動的に更新", "自動で更新", "自動継続",
            "Renewſ automatically",
        ]),
        (CopyPhrases.cancellation, CopyPhrases.cancellationCandidates, [
            "Cancel anytime", "Manage your subscription", "MANAGE SUBSCRIPTION", "Turn off auto-renew", "In Settings",
            "Jederzeit kündigen", "KÜNDIGEN", "Verwalten", "Deaktivieren", "Einstellungen", "Annulez à tout moment", "Résiliez",
            "RÉSILIABLE", "Gérer l'abonnement", "GÉRER", "Réglages", "Paramètres", "Cancela cuando quieras", "Gestiona tu suscripción",
            "Administra", "Ajustes", "Configuración", "キャンセル", "解約", "解除", "設定", "管理", "Ca\u{212A}ncel", "Jederzeit \u{212A}ündigen",
        ]),
    ]

    @Test func trialRenewalAndCancellationMatchesPassTheirWordTests() {
        for (expression, candidates, texts) in Self.termTexts {
            for text in texts {
                // Each sample is one the expression matches (else it would test nothing) ...
                guard Self.matches(expression, text) || text.contains("\u{212A}") else {
                    Issue.record("the expression does not match \"\(text)\"")
                    continue
                }
                // ... and the word test lets it through.
                let passes = CopyPhrases.mayContain(text, candidates: candidates)
                #expect(passes, "\(text)")
            }
        }
        #expect(CopyPhrases.trialPromise(in: "Start your 7-day free trial") != nil)
        #expect(CopyPhrases.statesRenewal("Renews automatically unless cancelled"))
        #expect(CopyPhrases.statesCancellation("Cancel anytime in Settings"))
        for text in ["Unlock all recipes", "Jetzt freischalten", "すべてのレシピ", "Débloquez tout", "Go Pro"] {
            #expect(!CopyPhrases.mayContain(text, candidates: CopyPhrases.trialCandidates), "\(text)")
            #expect(!CopyPhrases.mayContain(text, candidates: CopyPhrases.renewalCandidates), "\(text)")
            #expect(!CopyPhrases.mayContain(text, candidates: CopyPhrases.cancellationCandidates), "\(text)")
        }
    }

    @Test func ordinaryTextIsRuledOutWithoutTheExpression() {
        for text in ["Unlock all recipes", "Jetzt freischalten", "すべてのレシピ", "Débloquez tout", "Café au lait"] {
            #expect(!CopyPhrases.mayContain(text, candidates: CopyPhrases.externalPurchaseCandidates), "\(text)")
            #expect(!CopyPhrases.mayContain(text, candidates: CopyPhrases.placeholderCandidates), "\(text)")
        }
    }
}
