/// Files the listing rules' examples share: StoreKit configurations that make an example app
/// one that sells auto-renewable subscriptions, or one that does not.
enum ListingExamples {
    /// A monthly subscription at 4.99 and a yearly one at 39.99 (storefront USA).
    static let subscriptions = ("Store.storekit", """
        {
          "products" : [ ],
          "settings" : { "_storefront" : "USA" },
          "subscriptionGroups" : [
            { "id" : "21000001", "name" : "Pro", "localizations" : [ ],
              "subscriptions" : [
                { "displayPrice" : "4.99", "groupNumber" : 1, "productID" : "com.example.pro.monthly",
                  "localizations" : [ { "description" : "Every feature", "displayName" : "Pro Monthly", "locale" : "en_US" } ],
                  "recurringSubscriptionPeriod" : "P1M", "referenceName" : "Monthly", "type" : "RecurringSubscription" },
                { "displayPrice" : "39.99", "groupNumber" : 1, "productID" : "com.example.pro.yearly",
                  "localizations" : [ { "description" : "Every feature", "displayName" : "Pro Yearly", "locale" : "en_US" } ],
                  "recurringSubscriptionPeriod" : "P1Y", "referenceName" : "Yearly", "type" : "RecurringSubscription" }
              ] }
          ],
          "version" : { "major" : 3, "minor" : 0 }
        }
        """)

    /// One non-consumable at 9.99: an app that sells no subscription.
    static let oneTimePurchase = ("Store.storekit", """
        {
          "products" : [
            { "displayPrice" : "9.99", "familyShareable" : true, "productID" : "com.example.unlock",
              "localizations" : [ { "description" : "Every feature, forever", "displayName" : "Unlock", "locale" : "en_US" } ],
              "referenceName" : "Unlock", "type" : "NonConsumable" }
          ],
          "version" : { "major" : 3, "minor" : 0 }
        }
        """)

    /// A subscription app whose configuration, synced from App Store Connect, holds a custom EULA
    /// and a privacy policy URL.
    static let subscriptionsWithCustomEULA = ("Store.storekit", """
        {
          "appPolicies" : { "eula" : "https://example.com/license", "policies" : [ { "locale" : "en_US", "policyText" : "", "policyURL" : "https://example.com/privacy" } ] },
          "products" : [ ],
          "subscriptionGroups" : [
            { "id" : "21000001", "name" : "Pro", "localizations" : [ ],
              "subscriptions" : [
                { "displayPrice" : "4.99", "groupNumber" : 1, "productID" : "com.example.pro.monthly",
                  "localizations" : [ { "description" : "Every feature", "displayName" : "Pro Monthly", "locale" : "en_US" } ],
                  "recurringSubscriptionPeriod" : "P1M", "referenceName" : "Monthly", "type" : "RecurringSubscription" }
              ] }
          ],
          "version" : { "major" : 4, "minor" : 0 }
        }
        """)
}
