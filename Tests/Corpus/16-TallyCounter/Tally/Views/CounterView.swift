import SwiftUI

enum CounterStyle: String, CaseIterable {
    case `default`
    case compact
    case huge
}

struct CounterView: View {
    @Environment(TallyStore.self) private var store
    @AppStorage("count") private var count = 0
    @AppStorage("style") private var style = CounterStyle.default
    @State private var isShowingSettings = false

    var body: some View {
        NavigationStack {
            VStack(spacing: 32) {
                Text("\(count)")
                    .font(font)
                    .monospacedDigit()
                    .contentTransition(.numericText())
                HStack(spacing: 24) {
                    Button("−") { count = max(0, count - 1) }
                    Button("+") { count += 1 }
                }
                .font(.largeTitle)
                .buttonStyle(.bordered)
            }
            .toolbar {
                Button("Settings", systemImage: "gear") { isShowingSettings = true }
            }
            .sheet(isPresented: $isShowingSettings) { SettingsView() }
        }
    }

    private var font: Font {
        switch style {
        case .default:
            return .system(size: 96, weight: .bold, design: .rounded)
        case .compact:
            return .system(size: 48, weight: .semibold, design: .rounded)
        case .huge:
            return .system(size: 160, weight: .black, design: .rounded)
        }
    }
}
