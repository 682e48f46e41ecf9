"""The Great Dinosaur Rush: dig for bones, build a dinosaur in secret, exhibit it."""
