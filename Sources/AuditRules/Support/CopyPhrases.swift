import AuditCore
import Foundation

/// Phrase lists for the copy rules, in English, German, French, Spanish and Japanese.
/// Patterns are case-insensitive regular expressions over one text (a literal, a catalog
/// value, a paragraph of a copy document).
enum CopyPhrases {
    /// The patterns are constants of this file; `CopyPhrasesTests` checks that each compiles.
    static func regex(_ pattern: String) -> NSRegularExpression? {
        try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
    }

    private static func matches(_ expression: NSRegularExpression?, _ text: String) -> NSRange? {
        guard let expression else { return nil }
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        return expression.firstMatch(in: text, options: [], range: range)?.range
    }

    // MARK: Renewal and cancellation

    /// The languages whose renewal, cancellation and trial wording the phrase lists know. Copy in
    /// any other language is not judged: its absence of an English phrase proves nothing.
    static let readLanguages: Set<String> = ["en", "de", "fr", "es", "ja"]

    static func reads(_ locale: String) -> Bool {
        readLanguages.contains(LocaleMatching.language(of: locale))
    }

    static let renewal = regex(
        #"renews? automatically|automatically renew|auto[- ]?renew|renews? (?:each|every|unless|until)|recurring (?:billing|payment|charge)"#
            + #"|verlängert sich automatisch|automatisch verlängert|automatische verlängerung|verlängert sich .{0,40}automatisch"#
            + #"|renouvel\w* automatiquement|automatiquement renouvel|renouvellement automatique|reconduit\w* automatiquement|reconduction automatique"#
            + #"|se renueva automáticamente|renovación automática|renueva automáticamente|se renovará automáticamente"#
            + #"|自動更新|自動的に更新|自動で更新|自動継続"#
    )

    static let cancellation = regex(
        #"cancel|manage (?:your )?subscription|turn off auto|settings"#
            + #"|kündig|verwalte|deaktivier|einstellungen"#
            + #"|annul|résili|gérer|réglages|paramètres"#
            + #"|cancela|gestiona|administra|ajustes|configuración"#
            + #"|キャンセル|解約|解除|設定|管理"#
    )

    /// Every alternative of `renewal` needs one of these ("autom" stands for "automatisch",
    /// "automatique", "automática").
    static let renewalWords: ASCIINeedles = ["renew", "recurring", "autom", "自動"]

    /// Every alternative of `cancellation` needs one of these ("ndig" stands for "kündig",
    /// "sili" for "résili", "rer" for "gérer", "glages" for "réglages", "param" for
    /// "paramètres", "configuraci" for "configuración": the ASCII part of a word with a
    /// non-ASCII letter, which has a case).
    static let cancellationWords: ASCIINeedles = [
        "cancel", "manage", "turn off auto", "settings", "ndig", "verwalte", "deaktivier", "einstellungen", "annul", "sili", "rer",
        "glages", "param", "gestiona", "administra", "ajustes", "configuraci", "キャンセル", "解約", "解除", "設定", "管理",
    ]

    static func statesRenewal(_ text: String) -> Bool {
        mayContain(text, candidates: renewalCandidates) && matches(renewal, text) != nil
    }

    static func statesCancellation(_ text: String) -> Bool {
        mayContain(text, candidates: cancellationCandidates) && matches(cancellation, text) != nil
    }

    // MARK: Trials

    /// A free-trial promise: "free trial", "try free", "free for 7 days", "7 days free",
    /// "kostenlos testen", "essai gratuit", "prueba gratuita", "無料体験". Not "Free plan",
    /// "free tier", "sugar-free" or "free shipping".
    static let trial = regex(
        #"free[- ]trial|try (?:it |us )?(?:for )?free|free for (?:\d+|a|one|two|three|seven|fourteen|thirty) (?:day|week|month)|\d+[- ]?(?:day|week|month)s? (?:free|for free|on us)|(?:first|1st) (?:week|month) (?:is )?free|start (?:for )?free"#
            + #"|kostenlos (?:testen|ausprobieren)|gratis (?:testen|ausprobieren)|kostenlose[nr]? test|testphase|probe-?abo|probezeit|\d+ (?:tage|wochen|monat\w*) (?:kostenlos|gratis)"#
            + #"|essai gratuit|essayez gratuitement|essayer gratuitement|gratuit(?:ement)? pendant \d+|\d+ (?:jours|semaines|mois) (?:gratuits?|offerts?)"#
            + #"|prueba gratuita|prueba gratis|pruébalo gratis|gratis durante \d+|\d+ (?:días|semanas|mes(?:es)?) gratis"#
            + #"|無料体験|無料トライアル|無料お試し|無料でお試し|\d+日間無料|\d+週間無料|\d+か月無料|\d+ヶ月無料"#
    )

    /// What a trial must be followed by: an amount, a price placeholder (`%@`, `{price}`, an
    /// interpolation), or the word for "then" with one of those.
    static let pricePlaceholder = regex(#"%(?:\d+\$)?[@dfs]|%(?:\d+\$)?ll?d|\{[a-z_]*price[a-z_]*\}|\{\w+\}|\x{FFFC}|\$\(|\$\{"#)

    /// Every alternative of `trial` needs one of these ("essa" stands for "essai", "essayez",
    /// "essayer"; "prueb" for "prueba"; "pruébalo" is followed by "gratis").
    static let trialWords: ASCIINeedles = [
        "free", "on us", "kostenlos", "gratis", "test", "probe", "essa", "gratuit", "offert", "prueb", "無料",
    ]

    static func trialPromise(in text: String) -> NSRange? {
        guard mayContain(text, candidates: trialCandidates) else { return nil }
        guard let range = matches(trial, text) else { return nil }
        // Apple's boilerplate "Any unused portion of a free trial, if offered, is forfeited":
        // a disclosure about trials, not a promise of one.
        if let found = Range(range, in: text) {
            let separators: Set<Character> = [".", "\n", "。", "!", "?"]
            let start = text[..<found.lowerBound].lastIndex(where: { separators.contains($0) }).map { text.index(after: $0) } ?? text.startIndex
            let end = text[found.upperBound...].firstIndex(where: { separators.contains($0) }) ?? text.endIndex
            let sentence = text[start..<end].lowercased()
            if forfeitWords.contains(where: { sentence.contains($0) }) { return nil }
        }
        // "2 Months Free" beside a yearly plan is what the year saves, not a trial: several
        // months free, with no word of a trial, is read as a saving.
        if let found = Range(range, in: text), matches(savingsMonths, String(text[found])) != nil,
           !text.lowercased().contains("trial") {
            return nil
        }
        return range
    }

    /// Words of the forfeited-trial disclosure in the languages read.
    static let forfeitWords = ["forfeit", "unused portion", "verfällt", "nicht genutzt", "non utilisée", "perdue", "no hayas utilizado", "no utilizada", "未使用"]

    /// "2 months free", "3 months for free": more than one month, which a yearly plan saves.
    static let savingsMonths = regex(#"^(?:[2-9]|1[0-2]|two|three|four|six) ?months? (?:free|for free)$"#)

    /// Whether a price (an amount or a placeholder for one) appears after `offset` in `text`.
    static func priceFollows(in text: String, after range: NSRange) -> Bool {
        let nsText = text as NSString
        let start = range.location + range.length
        guard start <= nsText.length else { return false }
        let rest = nsText.substring(from: start)
        return MoneyDetector.containsMoney(rest) || matches(pricePlaceholder, rest) != nil
    }

    static func hasPriceOrPlaceholder(_ text: String) -> Bool {
        MoneyDetector.containsMoney(text) || matches(pricePlaceholder, text) != nil
    }

    // MARK: Subscriptions

    static let subscription = regex(
        #"subscri|per (?:month|year|week)|/(?:mo|month|yr|year|week)\b|monthly|yearly|annual|renew"#
            + #"|abo\b|abonnement|monatlich|jährlich|pro (?:monat|jahr)"#
            + #"|abonnement|par (?:mois|an)|mensuel|annuel"#
            + #"|suscripci|al mes|al año|mensual|anual"#
            + #"|サブスクリプション|定期購入|月額|年額"#
    )

    static func mentionsSubscription(_ text: String) -> Bool { matches(subscription, text) != nil }

    // MARK: Placeholders, other platforms, external purchases

    static let placeholder = regex(#"lorem ipsum|\bTODO\b|\bTBD\b|\bFIXME\b|\bxxx+\b|\bplaceholder\b|\[\s*copy\s*\]|dummy text|tk tk"#)

    /// Every alternative of `placeholder` needs one of these (`{` stands for `[`).
    static let placeholderWords: ASCIINeedles = ["lorem", "todo", "tbd", "fixme", "xxx", "placeholder", "{", "dummy", "tk tk"]

    static func placeholderWord(in text: String) -> String? {
        guard mayContain(text, candidates: placeholderCandidates) else { return nil }
        guard let range = matches(placeholder, text) else { return nil }
        let word = (text as NSString).substring(with: range)
        // "todo" as an ordinary word (a to-do app) is fine: only the shouting forms count.
        if word.lowercased() == "todo" || word.lowercased() == "tbd" || word.lowercased() == "fixme" {
            return word == word.uppercased() ? word : nil
        }
        return word
    }

    static let otherPlatform = regex(#"\bandroid\b|google play|play store|\bgalaxy store\b|windows phone|amazon appstore|huawei appgallery"#)

    /// Every alternative of `otherPlatform` needs one of these.
    static let otherPlatformWords: ASCIINeedles = ["android", "play", "galaxy", "windows", "amazon", "huawei"]

    static func otherPlatformName(in text: String) -> String? {
        guard mayContain(text, candidates: otherPlatformCandidates) else { return nil }
        return matches(otherPlatform, text).map { (text as NSString).substring(with: $0) }
    }

    /// `externalPurchase`'s alternatives, each with the words it needs (one of each list).
    private static let externalPurchasePatterns: [(pattern: String, needs: [ASCIINeedles])] = [
        (#"\b(?:subscribe|buy|purchase|upgrade|pay|sign up|get)\b(?:\s+\S+){0,4}?\s+(?:on|at|through|via|from)\s+(?:our|the)\s+(?:web ?site|web|homepage|online store)"#,
         [["subscribe", "buy", "purchase", "upgrade", "pay", "sign up", "get"], ["web", "homepage", "online store"]]),
        (#"(?:cheaper|save more|better price|lower price)\w* (?:on|at) (?:our|the) (?:web|website)"#,
         [["cheaper", "save more", "better price", "lower price"], ["web"]]),
        (#"(?:auf|über) unsere[rn]? (?:website|webseite|homepage)\w* (?:kaufen|abonnieren|bestellen)|(?:kaufen|abonnieren|bestellen) sie (?:auf|über) unsere[rn]? (?:website|webseite)"#,
         [["unsere"], ["web", "homepage"]]),
        (#"(?:abonnez|achetez)-vous sur notre site|sur notre site (?:web|internet)"#, [["notre site"]]),
        (#"(?:suscríbete|compra) en nuestra (?:web|página)|en nuestro sitio web"#, [["nuestr"]]),
        (#"ウェブサイトで(?:購入|購読|登録)|公式サイトで(?:購入|購読|登録)"#, [["サイトで"]]),
    ]

    /// The alternatives compiled one by one: ICU's matcher costs about as much at every
    /// position of a text for each alternative, whether its words are there or not, and a
    /// 10 KB text of a test fixture took 2-3 ms with all of them. The leftmost match of the
    /// whole expression is the leftmost of these, the earlier alternative first at one
    /// position (`firstExternalPurchaseMatch`).
    static let externalPurchaseAlternatives: [(expression: NSRegularExpression?, needs: [ASCIINeedles])] =
        externalPurchasePatterns.map { (regex($0.pattern), $0.needs.map { $0.adding(foldingOntoASCII) }) }

    /// The whole expression, for tests (`CopyPhrasesTests` checks that
    /// `firstExternalPurchaseMatch` finds what it finds).
    static let externalPurchase = regex(externalPurchasePatterns.map(\.pattern).joined(separator: "|"))

    /// Where `externalPurchase` first matches in `text`: the alternatives whose words are
    /// there, each asked for its first match; the leftmost wins, the earlier alternative at
    /// one position (a backtracking matcher tries them in that order at each position).
    static func firstExternalPurchaseMatch(in text: String) -> NSRange? {
        var text = text
        let present = text.withUTF8 { bytes in
            externalPurchaseAlternatives.map { alternative in alternative.needs.allSatisfy { $0.occur(in: bytes) } }
        }
        var best: NSRange?
        for (index, alternative) in externalPurchaseAlternatives.enumerated() where present[index] {
            guard let range = matches(alternative.expression, text) else { continue }
            if best == nil || range.location < best!.location { best = range }
            if range.location == 0 { break }
        }
        return best
    }

    /// A checkout, pricing or payment page: a path word is a whole word (`/purchase`, not the
    /// `/purchases-ios` of an SDK's repository).
    static let externalCheckoutURL = regex(#"https?://[^\s)\"']*(?:checkout|/pricing\b|/subscribe\b|/buy\b|/purchase\b|stripe\.com|paypal\.com|gumroad\.com|paddle\.com|lemonsqueezy)"#)

    /// Hosts of source code, packages and documentation: a link there (an acknowledgement of
    /// a purchase SDK, a repository named `checkout`) is not a page to buy the app's content.
    static let codeAndDocumentationHosts: [String] = [
        "github.com", "githubusercontent.com", "github.io", "gitlab.com", "bitbucket.org", "codeberg.org", "sr.ht",
        "swiftpackageindex.com", "cocoapods.org", "npmjs.com", "pub.dev", "developer.apple.com", "readthedocs.io",
    ]

    /// The host of the URL that starts `link` (`https://host/…`), lower-cased.
    static func host(ofLink link: Substring) -> Substring {
        let afterScheme = link.range(of: "://").map { link[$0.upperBound...] } ?? link
        return afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != ":" }
    }

    static func isCodeOrDocumentationHost(_ host: Substring) -> Bool {
        let host = host.lowercased()
        return host.hasPrefix("docs.") || codeAndDocumentationHosts.contains { host == $0 || host.hasSuffix("." + $0) }
    }

    static func externalPurchasePhrase(in text: String) -> String? {
        var text = text
        let (phrase, link) = text.withUTF8 { externalPurchaseShapes(inUTF8: $0) }
        if phrase, let range = firstExternalPurchaseMatch(in: text) {
            return (text as NSString).substring(with: range)
        }
        guard link, let expression = externalCheckoutURL else { return nil }
        let all = NSRange(text.startIndex..<text.endIndex, in: text)
        for match in expression.matches(in: text, options: [], range: all) {
            let url = (text as NSString).substring(with: match.range)
            if !isCodeOrDocumentationHost(host(ofLink: url[...])) { return url }
        }
        return nil
    }

    /// `mayFindExternalPurchase` for a literal with interpolations, asked of each of its
    /// segments: its text has a non-ASCII character (each interpolation's stand-in), so only
    /// a word is needed, and a word lies whole in one segment.
    static func mayFindExternalPurchase(inInterpolatedSegment segment: UnsafeBufferPointer<UInt8>) -> Bool {
        externalPurchaseCandidates.occur(in: segment)
    }

    /// False only when `externalPurchasePhrase(in:)` returns nil for the text of these UTF-8
    /// bytes without running an expression: it has none of the words, or neither a space (or
    /// Japanese) for a phrase nor a scheme and a checkout word for a link. "Website" and
    /// "https://example.com/help", on every settings screen, need neither. The rule asks it of
    /// a literal's bytes before making a String of them.
    static func mayFindExternalPurchase(inUTF8 text: UnsafeBufferPointer<UInt8>) -> Bool {
        let shapes = externalPurchaseShapes(inUTF8: text)
        return shapes.phrase || shapes.link
    }

    /// Which of the two expressions can match a text of these UTF-8 bytes: a phrase needs one
    /// of the words and a space between words (or Japanese, written without; any non-ASCII
    /// byte might be a Unicode space), a checkout link a scheme and a checkout word.
    private static func externalPurchaseShapes(inUTF8 text: UnsafeBufferPointer<UInt8>) -> (phrase: Bool, link: Bool) {
        guard externalPurchaseCandidates.occur(in: text) else { return (false, false) }
        let phrase = (text.contains { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) || $0 >= 0x80 } || japaneseSiteCandidates.occur(in: text))
            && externalPurchaseActions.occur(in: text)
        return (phrase, httpCandidates.occur(in: text) && checkoutCandidates.occur(in: text))
    }

    /// Every alternative of `externalPurchase` also needs one of these: its verb or
    /// comparison ("subscribe", "cheaper", "kaufen"), or the site's owner ("notre",
    /// "nuestra", "nuestro") or the Japanese word for site. A log line or a settings label
    /// with a link and "the" in it was given to the expression for nothing.
    static let externalPurchaseActionWords: ASCIINeedles = [
        "subscribe", "buy", "purchase", "upgrade", "pay", "sign up", "get", "cheaper", "save more", "better price", "lower price",
        "kaufen", "abonnieren", "bestellen", "notre", "nuestr",
    ]
    private static let externalPurchaseActions = externalPurchaseActionWords.adding(foldingOntoASCII + ["サイト"])

    /// Built once: each needs a table, and these are asked of every candidate text.
    private static let japaneseSiteCandidates = ASCIINeedles([]).adding(foldingOntoASCII + ["サイト"])
    private static let httpCandidates = ASCIINeedles(["http"]).adding(foldingOntoASCII)
    private static let checkoutCandidates = checkoutWords.adding(foldingOntoASCII)

    /// Every alternative of `externalCheckoutURL` after its scheme needs one of these.
    static let checkoutWords: ASCIINeedles = [
        "checkout", "/pricing", "/subscribe", "/buy", "/purchase", "stripe.com", "paypal.com", "gumroad.com", "paddle.com", "lemonsqueezy",
    ]

    /// Every alternative of `externalPurchase` and `externalCheckoutURL` needs one of these
    /// words, or (in Japanese) `サイト`; "gina" stands for Spanish "página".
    static let externalPurchaseWords: ASCIINeedles = ["web", "homepage", "online store", "site", "http", "gina"]

    /// False only when `text` cannot match an expression all of whose alternatives need one of
    /// the `candidates` (lower-case ASCII words, `{` also standing for `[`, and non-ASCII words
    /// without case): a test that spares running the expression on most texts, which is where
    /// the copy rules spent their time. ASCII bytes are compared with ASCII case folding; a
    /// non-ASCII byte never equals an ASCII one, in UTF-8 or folded. The expressions' Unicode
    /// case-insensitive matching also folds three non-ASCII letters onto ASCII ones (ſ to s,
    /// the Kelvin sign to k, İ to i), so a text holding one of them always may.
    ///
    /// Each set below holds an expression's words and `foldingOntoASCII` (and its non-ASCII
    /// words), built once with `adding(_:)`, so the text is read once.
    static func mayContain(_ text: String, candidates: ASCIINeedles) -> Bool {
        var text = text
        return text.withUTF8 { candidates.occur(in: $0) }
    }

    static let placeholderCandidates = placeholderWords.adding(foldingOntoASCII)
    static let otherPlatformCandidates = otherPlatformWords.adding(foldingOntoASCII)
    static let externalPurchaseCandidates = externalPurchaseWords.adding(foldingOntoASCII + ["サイト"])
    static let trialCandidates = trialWords.adding(foldingOntoASCII)
    static let renewalCandidates = renewalWords.adding(foldingOntoASCII)
    static let cancellationCandidates = cancellationWords.adding(foldingOntoASCII)

    /// The letters whose Unicode case folding is an ASCII letter: ſ (s), the Kelvin sign (k), İ (i).
    private static let foldingOntoASCII: [StaticString] = ["ſ", "\u{212A}", "İ"]
}
