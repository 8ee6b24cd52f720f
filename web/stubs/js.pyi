# The browser's globals as Pyodide's `js` module gives them: JavaScript objects, typed as Any.
from typing import Any

def __getattr__(name: str) -> Any: ...
