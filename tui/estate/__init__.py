"""Estate's table: your Estate, hand and Family Secret, the draft, the Realm board, the
Market and the Era, the other Estates, and the score pad, all driven by the legal
actions (rules.estate)."""
