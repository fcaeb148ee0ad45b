import SwiftUI

// Swift package checkout that xcodebuild -clonedSourcePackagesDirPath left in the repository.
public struct TemplatePaywall: View {
    public init() {}

    public var body: some View {
        VStack {
            Text("Unlock all templates")
            Text("$9.99 per week")
        }
    }
}
