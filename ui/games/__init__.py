"""App screens of games other than Penny Press, one folder per game."""
