enum PlantProducts {
    static let succulentsGuide = "com.plantcare.guides.succulents"
    static let orchidsGuide = "com.plantcare.guides.orchids"
    static let bonsaiGuide = "com.plantcare.guides.bonsai"
    static let scanPack10 = "com.plantcare.scans.10"

    static let guides = [succulentsGuide, orchidsGuide, bonsaiGuide]
}
