import SwiftUI

struct Plant: Identifiable, Hashable, Sendable {
    var id = UUID()
    var name: String
    var species: String
    var waterEveryDays: Int
}

@MainActor
final class Garden: ObservableObject {
    @Published var plants: [Plant] = [
        Plant(name: "Fernando", species: "Boston fern", waterEveryDays: 3),
        Plant(name: "Spike", species: "Echeveria", waterEveryDays: 14),
    ]
}

struct PlantListView: View {
    @EnvironmentObject private var store: PlantStore
    @EnvironmentObject private var garden: Garden
    @State private var isShowingGuides = false
    @State private var isShowingScanner = false

    var body: some View {
        NavigationStack {
            List(garden.plants) { plant in
                VStack(alignment: .leading) {
                    Text(plant.name).font(.headline)
                    Text("\(plant.species) · water every \(plant.waterEveryDays) days")
                        .font(.caption)
                }
            }
            .navigationTitle("My Plants")
            .toolbar {
                Button("Guides", systemImage: "book") { isShowingGuides = true }
                Button("Identify", systemImage: "camera") { isShowingScanner = true }
            }
            .sheet(isPresented: $isShowingGuides) { GuideStoreView() }
            .sheet(isPresented: $isShowingScanner) { ScanView() }
        }
    }
}
