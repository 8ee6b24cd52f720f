# What web/ uses of PyScript: the page's document and window (JavaScript objects, typed as Any).
from typing import Any

document: Any
window: Any
