"""The kit layer: what every game's solver and searches are built from (budgets, slices, grading, solving)."""
