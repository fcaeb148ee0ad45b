import AuditCore

/// Guideline 3.1.2: the App Store listing of an app with auto-renewable subscriptions links to
/// the Terms of Use (EULA) in its description, or App Store Connect holds a custom EULA, and
/// has a Privacy Policy URL, in every language.
public struct ListingPolicyLinksMissingRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "listing_policy_links_missing",
        title: "The App Store listing links to the Terms of Use and the Privacy Policy",
        severity: .error,
        scope: .listing,
        rationale: """
            For auto-renewable subscriptions, Guideline 3.1.2 asks for a functional link to the \
            Terms of Use (EULA) in the app's metadata, that is in the App Store description \
            unless App Store Connect holds a custom EULA, and for a Privacy Policy URL in the \
            Privacy Policy field, which App Store Connect asks of every app (Guideline 5.1.1). App \
            Review checks every language of the listing. The rule reads \
            the listing the repository keeps in fastlane's `deliver` layout \
            (`fastlane/metadata/<locale>/description.txt`, `privacy_url.txt`, per platform folder, \
            with the `default` folder standing in for what a locale lacks), or in the folders of \
            the configuration's `metadata.paths`. A locale whose description is not kept in the \
            repository is edited in App Store Connect and is not judged. A custom EULA is known \
            from the configuration (`"metadata": { "customEULA": true }`) or from a StoreKit \
            configuration synced from App Store Connect (`appPolicies.eula`), whose privacy \
            policy URL also stands in for a missing `privacy_url.txt`. Without a listing in the \
            repository the checklist item stays a manual check.
            """,
        fix: """
            Add a line such as "Terms of Use (EULA): https://www.apple.com/legal/internet-services/itunes/dev/stdeula/" \
            (or your own terms page) to `description.txt` of every locale, and the policy's URL \
            to `privacy_url.txt`; or set `"metadata": { "customEULA": true }` in `.iap-audit.json` \
            when App Store Connect holds your own license agreement.
            """,
        reference: "App Review Guideline 3.1.2; App Store Connect Help: Privacy Policy URL, license agreement",
        changeScope: .lineOrAnyFile([.storeListing, .storeKitConfiguration]),
        triggeringExamples: [
            RuleExample(files: [
                ("fastlane/metadata/en-US/description.txt", "↓Plan meals for the week.\n\nPro subscription: unlimited recipes. Subscriptions renew automatically unless cancelled in Settings.\n"),
                ("fastlane/metadata/en-US/privacy_url.txt", "https://example.com/privacy\n"),
                ListingExamples.subscriptions,
            ]),
            // Several locales: the German listing has no privacy URL.
            RuleExample(files: [
                ("fastlane/metadata/en-US/description.txt", "Plan meals.\n\nTerms of Use: https://example.com/terms\n"),
                ("fastlane/metadata/en-US/privacy_url.txt", "https://example.com/privacy\n"),
                ("fastlane/metadata/de-DE/description.txt", "↓Mahlzeiten planen.\n\nNutzungsbedingungen: https://example.com/de/terms\n"),
                ListingExamples.subscriptions,
            ]),
            // An empty privacy URL file.
            RuleExample(files: [
                ("fastlane/metadata/en-US/description.txt", "Plan meals.\n\nTerms of Use (EULA): https://example.com/terms\n"),
                ("fastlane/metadata/en-US/privacy_url.txt", "↓\n"),
                ListingExamples.subscriptions,
            ]),
            // Any app needs a Privacy Policy URL.
            RuleExample(files: [
                ("fastlane/metadata/en-US/description.txt", "↓Plan meals. Unlock everything once.\n"),
                ListingExamples.oneTimePurchase,
            ]),
            // A platform folder: the Apple TV listing names the terms without a link.
            RuleExample(files: [
                ("fastlane/metadata/appleTV/en-US/description.txt", "↓Plan meals on the big screen.\n\nSee our Terms of Use in the app.\n"),
                ("fastlane/metadata/appleTV/en-US/privacy_url.txt", "https://example.com/privacy\n"),
                ListingExamples.subscriptions,
            ]),
        ],
        nonTriggeringExamples: [
            // A platform folder without privacy URLs, served by the iOS folder's (one URL per app language).
            RuleExample(files: [
                ("fastlane/metadata/iOS/en-US/description.txt", "Plan meals.\n\nTerms of Use: https://example.com/terms\n"),
                ("fastlane/metadata/iOS/en-US/privacy_url.txt", "https://example.com/privacy\n"),
                ("fastlane/metadata/tvOS/en-US/description.txt", "Plan meals on the big screen.\n\nTerms of Use: https://example.com/terms\n"),
                ListingExamples.subscriptions,
            ]),
            RuleExample(files: [
                ("fastlane/metadata/en-US/description.txt", "Plan meals.\n\nTerms of Use (EULA): https://www.apple.com/legal/internet-services/itunes/dev/stdeula/\n"),
                ("fastlane/metadata/en-US/privacy_url.txt", "https://example.com/privacy\n"),
                ListingExamples.subscriptions,
            ]),
            // The label on the line above the link; a German listing; the privacy URL from `default`.
            RuleExample(files: [
                ("fastlane/metadata/en-US/description.txt", "Plan meals.\n\nTerms of Use:\nhttps://example.com/terms\n"),
                ("fastlane/metadata/de-DE/description.txt", "Mahlzeiten planen.\n\nNutzungsbedingungen (EULA): https://example.com/de/agb\n"),
                ("fastlane/metadata/default/privacy_url.txt", "https://example.com/privacy\n"),
                ListingExamples.subscriptions,
            ]),
            // The description and privacy URL of `default` serve every locale; a locale that
            // keeps only its release notes is edited in App Store Connect.
            RuleExample(files: [
                ("fastlane/metadata/default/description.txt", "Plan meals. Legal: https://example.com/legal/terms\n"),
                ("fastlane/metadata/default/privacy_url.txt", "https://example.com/privacy\n"),
                ("fastlane/metadata/en-US/name.txt", "Meal Planner\n"),
                ("fastlane/metadata/fr-FR/release_notes.txt", "Corrections de bugs.\n"),
                ListingExamples.subscriptions,
            ]),
            // A custom EULA and the privacy URL held by a StoreKit configuration synced from App Store Connect.
            RuleExample(files: [
                ("fastlane/metadata/en-US/description.txt", "Plan meals.\n"),
                ListingExamples.subscriptionsWithCustomEULA,
            ]),
            // An app that sells no subscription needs no Terms of Use link.
            RuleExample(files: [
                ("fastlane/metadata/en-US/description.txt", "Plan meals. Unlock everything once.\n"),
                ("fastlane/metadata/en-US/privacy_url.txt", "https://example.com/privacy\n"),
                ListingExamples.oneTimePurchase,
            ]),
            // No listing in the repository: a manual check, no finding.
            RuleExample(files: [ListingExamples.subscriptions]),
            // The review notes and Android's listing are not the App Store listing.
            RuleExample(files: [
                ("fastlane/metadata/review_information/notes.txt", "Demo account: reviewer@example.com\n"),
                ("fastlane/metadata/android/en-US/full_description.txt", "Plan meals.\n"),
                ListingExamples.subscriptions,
            ]),
        ]
    )

    public func check(_ project: Project, into result: inout RuleResult) {
        let listings = StoreListing.of(project)
        guard !listings.isEmpty else {
            result.needsManualCheck(StoreListing.absentReason)
            return
        }
        // Every app needs a Privacy Policy URL; the Terms of Use link is asked of subscription apps.
        let signal = project.sellsSubscriptionsSignal
        let customEULA = StoreListing.customEULA(in: project)
        let configuredPrivacy = project.storeKitConfigurations.lazy.compactMap(\.appPolicies).first { $0.privacyPolicyURL() != nil }
        var checked = false
        var usedConfiguredPrivacy = false
        // The Privacy Policy URL belongs to the app's localization in App Store Connect, shared
        // by its platforms: a tvOS folder without privacy_url.txt is served by the iOS folder's.
        var privacyElsewhere: [String: String] = [:]
        for listing in listings {
            for locale in listing.locales {
                if let privacy = locale.field(.privacyURL), privacy.firstNonBlankLine != nil, privacyElsewhere[locale.name] == nil {
                    privacyElsewhere[locale.name] = privacy.file
                }
            }
        }
        for listing in listings {
            // One finding per listing for the descriptions without a Terms of Use link, naming them.
            var withoutTerms: [(locale: String, location: SourceLocation)] = []
            defer {
                if let first = withoutTerms.first, let signal {
                    let names = withoutTerms.map(\.locale)
                    let listed = names.count == 1 ? "The \(names[0]) App Store description has" : "\(names.count) App Store descriptions (\(names.prefix(8).joined(separator: ", "))\(names.count > 8 ? " and \(names.count - 8) more" : "")) have"
                    result.report(
                        at: first.location,
                        "\(listed) no link to the Terms of Use (EULA), which Guideline 3.1.2 asks of an app that sells auto-renewable subscriptions (\(signal.description)). If the app has a custom EULA in App Store Connect, declare it (metadata.customEULA).")
                }
            }
            for locale in listing.locales {
                // A locale whose description the repository does not keep is edited in App Store Connect.
                guard let description = locale.field(.description) else { continue }
                checked = true
                if signal != nil, customEULA == nil {
                    if let link = StoreListing.termsLink(in: description) {
                        result.evidence(at: link.location, "The \(locale.name) description links to the Terms of Use: \(link.url)")
                    } else if !withoutTerms.contains(where: { $0.location == description.start }) {
                        withoutTerms.append((locale.name, description.start))
                    }
                }
                if let privacy = locale.field(.privacyURL) {
                    if let line = privacy.firstNonBlankLine {
                        result.evidence(at: privacy.location(of: line), "The \(locale.name) listing's Privacy Policy URL: \(line.text.trimmingCharacters(in: .whitespaces))")
                    } else {
                        result.report(at: privacy.start, "The \(locale.name) listing's privacy_url.txt is empty: App Store Connect needs a Privacy Policy URL.")
                    }
                } else if let configuredPrivacy, let url = configuredPrivacy.privacyPolicyURL() {
                    if !usedConfiguredPrivacy {
                        result.evidence(at: configuredPrivacy.location, "The StoreKit configuration synced from App Store Connect holds the Privacy Policy URL \(url)")
                        usedConfiguredPrivacy = true
                    }
                } else if let other = privacyElsewhere[locale.name] {
                    result.evidence(at: description.start, "The \(locale.name) Privacy Policy URL is kept in \(other), which serves every platform of the app")
                } else {
                    result.report(
                        at: description.start,
                        "The \(locale.name) listing has no privacy_url.txt (nor one in the default folder): App Store Connect needs a Privacy Policy URL in every language.")
                }
            }
        }
        if !checked {
            result.needsManualCheck("The repository's App Store listing keeps no description (\(listings.map(\.folder).joined(separator: ", "))): check the Terms of Use link and the Privacy Policy URL in App Store Connect.")
            return
        }
        if signal != nil, let customEULA {
            result.evidence(at: customEULA.location, customEULA.description)
        }
    }
}
