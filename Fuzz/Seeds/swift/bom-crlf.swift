import Foundation
let crlf = "x"
	let tab = 1
