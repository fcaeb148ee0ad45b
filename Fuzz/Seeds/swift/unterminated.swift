let s = "never closed
let t = #"raw never closed
/* comment never closed