"""Rule engines of the supported games (pure, deterministic). Penny Press: ``penny_press``."""
