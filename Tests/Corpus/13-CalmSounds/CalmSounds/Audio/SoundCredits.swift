// Sound credits for the About screen.
// Field recordings: Zoë Martín (rain, forest) and José Peña (ocean, night train).
// Mixed and mastered by the Calm Sounds studio.
enum SoundCredits {
    static let names = ["Zoe Martin", "Jose Pena", "Calm Sounds Studio"]
}
