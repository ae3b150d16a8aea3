provider "aws" {
  region = var.region

  # Every resource carries the project, store and expiry tags, so a forgotten cluster is easy to find and reap.
  default_tags {
    tags = local.tags
  }
}
